import type { StateStore } from '../../platform/state-store.ts';
import { utcMonth } from '../time/civil-date.ts';

const key = (projectId: number, month: string) => `analytics/usage/${projectId}/${month}`;

/** Events to count: `count` events of a project received at `at` (ms). */
export interface UsageCount {
  projectId: number;
  at: number;
  count: number;
}

/**
 * Counts of events received, per project and calendar month (UTC), kept in the state store so they survive
 * with the rest of the state.
 */
export interface UsageLedger {
  /**
   * The state keys and totals that count these events, for the caller to commit with the events themselves
   * (so a batch and its usage are kept together or not at all).
   */
  totalsAfter(counts: readonly UsageCount[]): Record<string, number>;
  /** Counts events that are stored elsewhere (the sample), as one commit. */
  record(counts: readonly UsageCount[]): void;
  /** Events a project received in a month (`YYYY-MM`). */
  eventsIn(projectId: number, month: string): number;
}

/** A ledger over a state store. */
export function createUsageLedger(state: StateStore): UsageLedger {
  const ledger: UsageLedger = {
    record: (counts) => state.commit({ set: ledger.totalsAfter(counts) }),
    totalsAfter(counts) {
      const totals: Record<string, number> = {};
      for (const { projectId, at, count } of counts) {
        if (count <= 0) continue;
        const name = key(projectId, utcMonth(at));
        totals[name] = (totals[name] ?? state.get<number>(name) ?? 0) + count;
      }
      return totals;
    },
    eventsIn: (projectId, month) => state.get<number>(key(projectId, month)) ?? 0,
  };
  return ledger;
}
