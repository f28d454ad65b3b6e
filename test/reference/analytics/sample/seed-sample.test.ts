import { describe, expect, it } from 'vitest';
import { createAnalyticsModule } from '../../../../src/reference/analytics/module.ts';
import { utcMonth } from '../../../../src/reference/analytics/time/civil-date.ts';
import { manualClock } from '../../../../src/reference/platform/clock.ts';
import { memoryStateStore, type StateChange } from '../../../../src/reference/platform/state-store.ts';
import { demoFixtures } from '../../../../src/reference/platform/world.ts';

describe('seeding the sample', () => {
  it('counts every sample event toward the usage of its month, writing every month in one commit', () => {
    const commits: StateChange[] = [];
    const state = memoryStateStore({}, (change) => commits.push(change));
    const platform = { fixtures: demoFixtures(), clock: manualClock('2024-06-01T00:00:00Z') };
    const { state: analytics } = createAnalyticsModule(platform, { state, sample: true });

    const store = analytics.store(1);
    const perMonth = new Map<string, number>();
    for (const time of store.times()) perMonth.set(utcMonth(time), (perMonth.get(utcMonth(time)) ?? 0) + 1);
    expect(store.size).toBeGreaterThan(1000);
    expect(perMonth.size).toBeGreaterThanOrEqual(2);
    for (const [month, count] of perMonth) expect(analytics.ledger.eventsIn(1, month)).toBe(count);
    const usageCommits = commits.filter((change) =>
      Object.keys(change.set ?? {}).some((key) => key.startsWith('analytics/usage/')),
    );
    expect(usageCommits).toHaveLength(1);
    expect(Object.keys(usageCommits[0]?.set ?? {})).toHaveLength(perMonth.size);
  });
});
