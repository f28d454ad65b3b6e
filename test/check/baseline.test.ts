import { describe, expect, it } from 'vitest';
import { applyBaseline, BaselineError, createBaseline, parseBaseline } from '../../src/check/baseline.ts';
import type { Finding } from '../../src/findings/finding.ts';

const finding = (fingerprint: string, file = 'a.sh'): Finding => ({
  ruleId: 'r',
  severity: 'error',
  file,
  line: 1,
  column: 1,
  match: 'X',
  message: 'm',
  helpUri: 'h',
  fingerprint,
});

describe('baseline', () => {
  it('round-trips fingerprints, sorted by file', () => {
    const baseline = createBaseline([finding('2', 'b.sh'), finding('1', 'a.sh')]);
    expect(baseline.findings.map((entry) => entry.file)).toEqual(['a.sh', 'b.sh']);
    expect([...parseBaseline(JSON.stringify(baseline), 'b.json')].sort()).toEqual(['1', '2']);
  });

  it('keeps only findings the baseline does not hold', () => {
    expect(applyBaseline([finding('1'), finding('3')], new Set(['1']))).toEqual({ findings: [finding('3')], baselined: 1 });
  });

  it('says what is wrong with a file that is not a baseline', () => {
    expect(() => parseBaseline('nope', 'b.json')).toThrow(BaselineError);
    expect(() => parseBaseline('{"findings": []}', 'b.json')).toThrow(/is not a Sunset baseline/);
    expect(() => parseBaseline('{"version": 1, "findings": [{}]}', 'b.json')).toThrow(/no fingerprint at findings\[0\]/);
  });
});
