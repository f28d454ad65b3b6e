import { describe, expect, it } from 'vitest';
import { activeRules, severityOf } from '../../src/findings/active-rules.ts';
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

  it('names the first three rules a report did not run, and how many more', () => {
    const expected = [...rules.expected(range)];
    const without = (count: number) => report({ rules: expected.slice(count) });
    const named = expected.slice(0, 3).join(', ');
    const problem = (count: number) => coverageProblem(without(count), '18.0', version, rules);
    expect(problem(3)).toBe(`ran only some of the rules (sunset check --rule): it did not look for ${named}`);
    expect(problem(4)).toBe(`ran only some of the rules (sunset check --rule): it did not look for ${named} and 1 more`);
    expect(problem(5)).toBe(`ran only some of the rules (sunset check --rule): it did not look for ${named} and 2 more`);
    expect(coverageProblem(report({ register: { version: 'old' }, rules: expected.slice(1) }), '18.0', version, rules)).toBe(
      `was read with an older register (old) that did not look for ${expected[0]}`,
    );
  });

  it('asks for a newer sunset when any of register, rules and time is missing', () => {
    const newer = 'was written by sunset 0.1.0, which does not record its register; run the check again with a newer sunset';
    expect(coverageProblem(report({ rules: undefined }), '18.0', version, rules)).toBe(newer);
    expect(coverageProblem(report({ register: undefined }), '18.0', version, rules)).toBe(newer);
    expect(coverageProblem(report({ time: undefined }), '18.0', version, rules)).toBe(newer);
  });

  it('works out each range once, and an offering makes another range', () => {
    const fresh = coverageRules(register);
    expect(fresh.expected(range)).toBe(fresh.expected({ ...range }));
    expect(fresh.byHand(range)).toBe(fresh.byHand({ ...range }));
    const hosted = { ...range, offering: 'hosted' as const };
    const selfManaged = { ...range, offering: 'self-managed' as const };
    expect(fresh.expected(hosted)).not.toBe(fresh.expected(range));
    expect(fresh.expected(hosted)).toEqual(new Set(activeRules(register, hosted).map((rule) => rule.info.id)));
    expect(fresh.byHand(selfManaged)).toEqual(
      register.entries.filter((entry) => entry.detect.length === 0 && severityOf(entry, selfManaged)).map((entry) => entry.id),
    );
  });
});
