import type { FunnelQuery } from '../query/compiled-query.ts';
import type { ResultRow } from '../query/result-row.ts';
import { type SortKey, sortGroups } from '../query/sort-groups.ts';
import type { EventStore } from '../store/event-store.ts';
import { usersByFurthestStep } from './run-funnel.ts';

/**
 * Runs a funnel query. With `<funnel>.step` there is one row per step (every step, "0" where nobody stopped
 * there), ordered by step position when ordered by step; without it, one row with every user who entered.
 */
export function executeFunnelQuery(store: EventStore, query: FunnelQuery): ResultRow[] {
  const counts = usersByFurthestStep(store, query.funnel.definition, query.filter);
  const { stepKey, countKey } = query;
  if (!stepKey) {
    const total = counts.reduce((sum, count) => sum + count, 0);
    return query.offset > 0 ? [] : [{ [countKey as string]: String(total) }];
  }
  const steps = query.funnel.definition.steps;
  const groups = Int32Array.from(steps.keys());
  const keys: SortKey[] = query.order.map((key) => ({
    values: key.source === 'measure' ? Float64Array.from(counts) : Float64Array.from(steps.keys()),
    desc: key.desc,
  }));
  const page = sortGroups(groups, keys).subarray(query.offset, query.offset + query.limit);
  return Array.from(page, (step) => {
    const row: ResultRow = { [stepKey]: steps[step]?.name ?? null };
    if (countKey) row[countKey] = String(counts[step]);
    return row;
  });
}
