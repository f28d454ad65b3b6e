import type { FunnelDefinition } from '../../../schemas/funnel-definition.ts';
import type { RowFilter } from '../query/compiled-query.ts';
import { filterMask } from '../query/filter-rows.ts';
import type { EventStore } from '../store/event-store.ts';
import { PAGEVIEW } from '../tracked-events.ts';

/**
 * Users by the furthest step they reached. A user enters step 1 with a page view whose path equals its
 * target; step k counts when a later page view matches step k's target within `seconds_to_convert` of the
 * step-1 view that began the attempt. Each user counts once, at the furthest step of their best attempt.
 * `filter` (from `<funnel>.date`) decides which events take part.
 *
 * One pass in time order keeps, per user and step, the latest start of an attempt that reached the step;
 * the latest start leaves the most time for the next step, so nothing better is lost.
 */
export function usersByFurthestStep(store: EventStore, funnel: FunnelDefinition, filter: RowFilter | undefined): number[] {
  const steps = funnel.steps.length;
  const window = funnel.seconds_to_convert * 1000;
  const paths = store.dictionary('docPath');
  // The steps a view of each path can advance, later steps first, so one view cannot advance two steps at
  // once. A target no event has gets code -1, which no row holds: its steps are never reached.
  const stepsOfPath = new Map<number, number[]>();
  funnel.steps.forEach((step, index) => {
    const code = paths.codeOf(step.target);
    const list = stepsOfPath.get(code);
    if (list) list.unshift(index);
    else stepsOfPath.set(code, [index]);
  });
  const stepsByCode = Array.from({ length: paths.values.length }, (_, code) => stepsOfPath.get(code));
  const pageview = store.dictionary('eventType').codeOf(PAGEVIEW);
  const mask = filter ? filterMask(store, filter) : undefined;
  const userCount = store.dictionary('userAnonymousId').values.length;
  const starts = new Float64Array(userCount * steps).fill(Number.NaN);
  const furthest = new Int32Array(userCount).fill(-1);
  const times = store.times();
  const types = store.codes('eventType');
  const pathCodes = store.codes('docPath');
  const users = store.codes('userAnonymousId');

  for (const row of store.timeOrder()) {
    const matching = stepsByCode[pathCodes[row] as number];
    if (!matching || types[row] !== pageview || (mask && !mask[row])) continue;
    const user = users[row] as number;
    // User code 0 is a view without a user: nobody to count.
    if (user === 0) continue;
    const time = times[row] as number;
    const base = user * steps;
    for (const step of matching) {
      if (step === 0) starts[base] = time;
      else {
        const start = starts[base + step - 1] as number;
        if (Number.isNaN(start) || time - start > window) continue;
        starts[base + step] = start;
      }
      furthest[user] = Math.max(furthest[user] as number, step);
    }
  }
  const counts = new Array<number>(steps).fill(0);
  for (const step of furthest) if (step >= 0) counts[step] = (counts[step] as number) + 1;
  return counts;
}
