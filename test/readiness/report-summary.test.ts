import { describe, expect, it } from 'vitest';
import { internTable, packCounts, ruleCountsOf, summarize } from '../../src/readiness/report-summary.ts';

describe('report summaries', () => {
  it('pack counts of any size and read them back', () => {
    const table = ['a', 'b', 'c'];
    const counts: [number, number, number][] = [
      [0, 3, 1],
      [2, 70_000, 65_535],
      [1, 65_534, 0],
    ];
    const rules = packCounts(counts);
    expect([...ruleCountsOf({ rules, ruleTable: table })]).toEqual([
      ['a', 3, 1],
      ['c', 70_000, 65_535],
      ['b', 65_534, 0],
    ]);
  });

  it('count findings and errors by rule, numbering rules once per run', () => {
    const intern = internTable();
    const finding = (ruleId: string, severity: 'error' | 'warning') => ({
      ruleId,
      severity,
      file: 'f',
      line: 1,
      column: 1,
      match: '',
      message: '',
    });
    const report = {
      tool: { name: 'sunset' as const, version: '0.1.0' },
      range: { from: '17.0', to: '18.0' },
      summary: { suppressed: 0, baselined: 0, scanned: 1 },
      findings: [finding('x', 'error'), finding('y', 'warning'), finding('x', 'warning')],
    };
    const first = summarize(report, 'a.json', {}, intern);
    const second = summarize({ ...report, findings: [finding('y', 'error')] }, 'b.json', {}, intern);
    expect([...ruleCountsOf(first)]).toEqual([
      ['x', 2, 1],
      ['y', 1, 0],
    ]);
    expect([...ruleCountsOf(second)]).toEqual([['y', 1, 1]]);
    expect(intern.rules).toEqual(['x', 'y']);
    expect(first.range).toBe(second.range);
    expect([first.errors, first.findings]).toEqual([1, 3]);
  });
});
