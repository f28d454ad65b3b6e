import { describe, expect, it } from 'vitest';
import { hourlyGraph } from '../../../src/browser/try/hourly-graph.ts';

const hours = (counts: number[]) =>
  counts.map((count, index) => ({ hour: new Date(Date.UTC(2026, 10, 20, index)).toISOString(), count }));

describe('hourly graph', () => {
  it('scales bars to the busiest hour and keeps small ones visible', () => {
    const counts = Array.from({ length: 24 }, () => 0);
    counts[3] = 1;
    counts[10] = 40;
    const graph = hourlyGraph(hours(counts));
    expect(graph.bars).toHaveLength(24);
    expect(graph.max).toBe(40);
    expect(graph.total).toBe(41);
    expect(graph.bars[10]?.height).toBe(100);
    expect(graph.bars[3]?.height).toBe(4);
    expect(graph.bars[0]?.height).toBe(0);
  });

  it('labels each bar with its hour and count, and the last as the running hour', () => {
    const counts = Array.from({ length: 24 }, () => 0);
    counts[21] = 3;
    counts[23] = 1;
    const graph = hourlyGraph(hours(counts));
    expect(graph.bars[21]?.label).toBe('21:00–22:00 UTC: 3 occurrences');
    expect(graph.bars[22]?.label).toBe('22:00–23:00 UTC: 0 occurrences');
    expect(graph.bars[23]).toMatchObject({ current: true, label: '23:00–00:00 UTC (this hour, so far): 1 occurrence' });
    expect(graph.summary).toBe('4 occurrences in the last 24 hours; the busiest hour, 21:00–22:00 UTC, had 3.');
  });

  it('says so when the day was quiet', () => {
    const graph = hourlyGraph(hours(Array.from({ length: 24 }, () => 0)));
    expect(graph.bars.every((bar) => bar.height === 0)).toBe(true);
    expect(graph.summary).toBe('No occurrences in the last 24 hours.');
  });
});
