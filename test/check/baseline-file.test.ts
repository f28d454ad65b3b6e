import { describe, expect, it } from 'vitest';
import { BaselineError, createBaseline, parseBaseline } from '../../src/check/baseline.ts';
import type { Finding } from '../../src/findings/finding.ts';

/** A baseline file as `--update-baseline` writes it, and every way a file can fail to be one. */
const finding = (file: string, ruleId: string, fingerprint: string): Finding => ({
  ruleId,
  file,
  fingerprint,
  severity: 'error',
  line: 1,
  column: 1,
  match: 'x',
  message: 'm',
});

describe('a baseline file', () => {
  it('is sorted by file, then rule, then fingerprint, and says what wrote it', () => {
    const baseline = createBaseline([
      finding('b.yml', 'rule-a', 'f1'),
      finding('a.yml', 'rule-b', 'f2'),
      finding('a.yml', 'rule-a', 'f9'),
      finding('a.yml', 'rule-a', 'f3'),
    ]);
    expect(baseline).toEqual({
      version: 1,
      tool: 'sunset',
      findings: [
        { ruleId: 'rule-a', file: 'a.yml', fingerprint: 'f3' },
        { ruleId: 'rule-a', file: 'a.yml', fingerprint: 'f9' },
        { ruleId: 'rule-b', file: 'a.yml', fingerprint: 'f2' },
        { ruleId: 'rule-a', file: 'b.yml', fingerprint: 'f1' },
      ],
    });
  });

  it('is refused with a BaselineError naming the file and what is wrong, never a TypeError', () => {
    const refusal = (text: string) => {
      try {
        parseBaseline(text, 'b.json');
      } catch (error) {
        return error instanceof BaselineError ? `${error.name}: ${error.message}` : `other: ${String(error)}`;
      }
      return 'accepted';
    };
    expect(refusal('{not json')).toMatch(
      /^BaselineError: baseline b\.json is not JSON \(.+\); write a new one with --update-baseline$/,
    );
    expect(refusal('null')).toBe(
      'BaselineError: baseline b.json is not a Sunset baseline (expected {"version": 1, "findings": [...]}); write a new one with --update-baseline',
    );
    expect(refusal('{"version": 2, "findings": []}')).toContain('is not a Sunset baseline');
    expect(refusal('{"version": 1, "findings": {}}')).toContain('is not a Sunset baseline');
    expect(refusal('{"version": 1, "findings": [null]}')).toBe(
      'BaselineError: baseline b.json has no fingerprint at findings[0]; write a new one with --update-baseline',
    );
    expect([...parseBaseline('{"version": 1, "findings": [{"fingerprint": "f1"}, {"fingerprint": "f1"}]}', 'b.json')]).toEqual([
      'f1',
    ]);
  });
});
