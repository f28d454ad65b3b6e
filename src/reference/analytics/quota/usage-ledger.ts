import type { StateStore } from '../../platform/state-store.ts';
import { utcMonth } from '../time/civil-date.ts';

const key = (projectId: number, month: string) => `analytics/usage/${projectId}/${month}`;

/**
 * Counts of events received, per project and calendar month (UTC), kept in the state store so they survive
 * with the rest of the state.
 */
export interface UsageLedger {
  /** Adds `count` events received at `at` (ms). */
  record(projectId: number, at: number, count: number): void;
  /** Events a project received in a month (`YYYY-MM`). */
  eventsIn(projectId: number, month: string): number;
}

/** A ledger over a state store. */
export function createUsageLedger(state: StateStore): UsageLedger {
  return {
    record(projectId, at, count) {
      if (count <= 0) return;
      const name = key(projectId, utcMonth(at));
      state.set(name, (state.get<number>(name) ?? 0) + count);
    },
    eventsIn: (projectId, month) => state.get<number>(key(projectId, month)) ?? 0,
  };
}
