import { describe, expect, it } from 'vitest';
import { registerVersion } from '../../src/findings/report-origin.ts';
import { coverageProblem, coverageRules } from '../../src/readiness/report-coverage.ts';
import type { CheckReport } from '../../src/readiness/report-schema.ts';
import { loadRegister } from '../../src/register/index.ts';

const register = await loadRegister();
const rules = coverageRules(register);
const version = registerVersion(register);
const range = { from: '17.0', to: '18.0' };
const report = (change: Partial<CheckReport>): CheckReport => ({
  tool: { name: 'sunset', version: '0.1.0' },
  project: 'team/app',
  time: '2026-11-02T08:00:00.000Z',
  register: { version },
  range,
  summary: { suppressed: 0, baselined: 0, scanned: 1 },
  rules: [...rules.expected(range)],
  findings: [],
  ...change,
});

describe('which reports count', () => {
  it('counts a report for the target that ran every rule of its range, from any register that had them', () => {
    expect(rules.expected(range).size).toBeGreaterThan(5);
    expect(coverageProblem(report({}), '18.0', version, rules)).toBeUndefined();
    expect(coverageProblem(report({ register: { version: 'other' } }), '18.0', version, rules)).toBeUndefined();
  });

  it('leaves out reports with no project, another target, no register record, or missing rules', () => {
    expect(coverageProblem(report({ project: undefined }), '18.0', version, rules)).toMatch(/^names no project/);
    expect(coverageProblem(report({}), '19.0', version, rules)).toBe(
      'is for another target release: it checks up to 18.0, not 19.0',
    );
    expect(coverageProblem(report({ register: undefined, rules: undefined }), '18.0', version, rules)).toBe(
      'was written by sunset 0.1.0, which does not record its register; run the check again with a newer sunset',
    );
    const [first, second, ...rest] = [...rules.expected(range)];
    expect(coverageProblem(report({ register: { version: 'old' }, rules: rest }), '18.0', version, rules)).toBe(
      `was read with an older register (old) that did not look for ${first}, ${second}`,
    );
  });

  it('lists as check by hand exactly the entries of the range without detection rules', () => {
    const byHand = rules.byHand(range);
    expect(byHand.length).toBeGreaterThan(0);
    for (const id of byHand) expect(register.entry(id)?.detect).toEqual([]);
    const wider = rules.byHand({ from: '15.4', to: '18.0' });
    expect(wider.length).toBeGreaterThan(byHand.length);
  });
});
