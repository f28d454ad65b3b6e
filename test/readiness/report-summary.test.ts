import { describe, expect, it } from 'vitest';
import type { ReportRead } from '../../src/readiness/report-reader.ts';
import { internRule, internTable, packCounts, ruleCountsOf, summarize } from '../../src/readiness/report-summary.ts';

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
    const read = (counts: number[], findings: number, errors: number): ReportRead => ({
      index: 0,
      range: { from: '17.0', to: '18.0' },
      toolVersion: '0.1.0',
      summary: { suppressed: 0, baselined: 0, scanned: 1 },
      rules: -1,
      findings,
      errors,
      counts: Float64Array.from(counts),
      place: { spool: 0, offset: 0, length: 0 },
    });
    // The thread numbered x as 0 and y as 1; the run numbers them as it meets them.
    const numbers = [internRule(intern, 'x'), internRule(intern, 'y')];
    // A rule met again keeps its number, and the run's table holds it once.
    expect(internRule(intern, 'x')).toBe(numbers[0]);
    expect(intern.rules).toEqual(['x', 'y']);
    const first = summarize(read([0, 2, 1, 1, 1, 0], 3, 1), 'a.json', {}, intern, numbers);
    const second = summarize(read([1, 1, 1], 1, 1), 'b.json', {}, intern, numbers);
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
