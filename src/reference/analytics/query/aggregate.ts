import type { EventStore } from '../store/event-store.ts';
import { type EventMeasure, PAGEVIEW } from '../tracked-events.ts';
import type { Groups } from './group-rows.ts';

/** Largest bitmap (in bits) the distinct count uses before it falls back to sorting pairs. */
const BITMAP_LIMIT = 1 << 27;

/** A measure's value for each group. `rows` maps positions to store rows. */
export function aggregate(store: EventStore, measure: EventMeasure, rows: Int32Array, groups: Groups): Float64Array {
  const totals = new Float64Array(groups.count);
  if (measure === 'count') {
    totals.set(groups.sizes);
    return totals;
  }
  const { groupOf } = groups;
  if (measure === 'pageViewsCount') {
    const pageview = store.dictionary('eventType').codeOf(PAGEVIEW);
    if (pageview < 0) return totals;
    const types = store.codes('eventType');
    for (let index = 0; index < rows.length; index++)
      if (types[rows[index] as number] === pageview) {
        const group = groupOf[index] as number;
        totals[group] = (totals[group] as number) + 1;
      }
    return totals;
  }
  return distinctUsers(store, rows, groups, totals);
}

/** Distinct non-null `userAnonymousId` per group: a bitmap of (group, user) when it fits, else sorted pairs. */
function distinctUsers(store: EventStore, rows: Int32Array, groups: Groups, totals: Float64Array): Float64Array {
  const users = store.codes('userAnonymousId');
  const userCount = store.dictionary('userAnonymousId').values.length;
  const { groupOf } = groups;
  if (groups.count * userCount <= BITMAP_LIMIT) {
    const seen = new Uint32Array(Math.ceil((groups.count * userCount) / 32));
    for (let index = 0; index < rows.length; index++) {
      const user = users[rows[index] as number] as number;
      if (user === 0) continue;
      const group = groupOf[index] as number;
      const bit = group * userCount + user;
      const word = bit >>> 5;
      const flag = 1 << (bit & 31);
      if (((seen[word] as number) & flag) === 0) {
        seen[word] = (seen[word] as number) | flag;
        totals[group] = (totals[group] as number) + 1;
      }
    }
    return totals;
  }
  const pairs = new Float64Array(rows.length);
  let size = 0;
  for (let index = 0; index < rows.length; index++) {
    const user = users[rows[index] as number] as number;
    if (user !== 0) pairs[size++] = (groupOf[index] as number) * userCount + user;
  }
  const sorted = pairs.subarray(0, size).sort();
  for (let index = 0; index < size; index++) {
    if (index === 0 || sorted[index] !== sorted[index - 1]) {
      const group = Math.floor((sorted[index] as number) / userCount);
      totals[group] = (totals[group] as number) + 1;
    }
  }
  return totals;
}
