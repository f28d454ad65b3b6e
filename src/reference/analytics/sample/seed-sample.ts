import type { AnalyticsState } from '../analytics-state.ts';
import { utcMonth } from '../time/civil-date.ts';
import { DEFAULT_SAMPLE, type SampleOptions, sampleEvents } from './sample-events.ts';

/**
 * Fills project 1 with the deterministic sample: the default seed, 60 days up to the clock's now, 400 visitors.
 * Each event counts toward the usage quota of the month it happened in, as if it had been received then; the
 * counts are added in one commit, since every ledger write goes through the state store (IndexedDB in the
 * browser). Returns how many events were added.
 */
export function seedSample(state: AnalyticsState, options: Partial<Omit<SampleOptions, 'appId' | 'end'>> = {}): number {
  const project = state.platform.fixtures.projects.find((candidate) => candidate.id === 1);
  if (!project) return 0;
  const events = sampleEvents({ ...DEFAULT_SAMPLE, ...options, end: state.platform.clock.now(), appId: state.appIdOf(project) });
  const store = state.store(project.id);
  const months = new Map<string, { at: number; count: number }>();
  for (const event of events) {
    store.append(event);
    const month = utcMonth(event.utcTime);
    const tally = months.get(month);
    if (tally) tally.count++;
    else months.set(month, { at: event.utcTime, count: 1 });
  }
  state.ledger.record([...months.values()].map(({ at, count }) => ({ projectId: project.id, at, count })));
  return events.length;
}
