import { describe, expect, it } from 'vitest';
import type { CountedSummary } from '../../src/readiness/report-summary.ts';
import { packCounts } from '../../src/readiness/report-summary.ts';
import { buildTrend, drawable, type Trend } from '../../src/readiness/trend.ts';

const RULES = ['old-var', 'gone-key'];

/** A counted report of a day with findings and errors by rule index. */
function report(time: string, counts: [number, number, number][]): CountedSummary {
  return {
    file: `${time}.json`,
    project: 'team/app',
    time,
    range: { from: '17.0', to: '18.0' },
    tool: { version: '0.1.0' },
    summary: { suppressed: 0, baselined: 0, scanned: 1 },
    problems: {},
    findings: counts.reduce((sum, [, findings]) => sum + findings, 0),
    errors: counts.reduce((sum, [, , errors]) => sum + errors, 0),
    rules: packCounts(counts),
    ruleTable: RULES,
  };
}

describe('trend', () => {
  it('has no trend without a counted report', () => {
    expect(buildTrend([])).toBeUndefined();
    expect(buildTrend([{ history: [] }])).toBeUndefined();
  });

  it('carries a project over the days it was not scanned, with the counts of its last report', () => {
    const trend = buildTrend([
      { history: [report('2026-11-01T08:00:00Z', [[0, 2, 2]]), report('2026-11-03T23:59:59Z', [[1, 1, 0]])] },
      { history: [report('2026-11-02T00:00:00Z', [])] },
    ]);
    expect(trend?.points).toEqual([
      { date: '2026-11-01', projects: 1, ready: 0, findings: 2, errors: 2 },
      { date: '2026-11-02', projects: 2, ready: 1, findings: 2, errors: 2 },
      { date: '2026-11-03', projects: 2, ready: 2, findings: 1, errors: 0 },
    ]);
    expect(trend?.byEntry).toEqual(
      new Map([
        ['old-var', [2, 2, 0]],
        ['gone-key', [0, 0, 1]],
      ]),
    );
  });

  it('takes the newest of several reports of one day', () => {
    const trend = buildTrend([
      { history: [report('2026-11-01T08:00:00Z', [[0, 3, 1]]), report('2026-11-01T09:00:00Z', [[0, 1, 0]])] },
    ]);
    expect(trend?.points).toEqual([{ date: '2026-11-01', projects: 1, ready: 1, findings: 1, errors: 0 }]);
    expect(trend?.byEntry).toEqual(new Map([['old-var', [1]]]));
  });

  it('draws a chart from two days on, not from one', () => {
    const points = (count: number): Trend => ({
      points: Array.from({ length: count }, (_, index) => ({
        date: `2026-11-0${index + 1}`,
        projects: 1,
        ready: 1,
        findings: 0,
        errors: 0,
      })),
      byEntry: new Map(),
    });
    expect(drawable(undefined)).toBe(false);
    expect(drawable(points(0))).toBe(false);
    expect(drawable(points(1))).toBe(false);
    expect(drawable(points(2))).toBe(true);
    expect(drawable(points(3))).toBe(true);
  });
});
