/** One sort key: a value per group, and the direction. Nulls are given as +Infinity so they sort last ascending. */
export interface SortKey {
  values: Float64Array;
  desc: boolean;
}

/** Largest value range a counting-sort pass handles, relative to the number of groups. */
const COUNTING_FACTOR = 4;

/**
 * The order of groups under the keys; ties keep the groups' own order (first appearance), so results are
 * stable from run to run. Keys whose values are small whole numbers (dictionary ranks, counts, bucket codes)
 * sort with counting passes in linear time; anything else falls back to a comparison sort.
 */
export function sortGroups(groups: Int32Array, keys: readonly SortKey[]): Int32Array {
  if (keys.length === 0 || groups.length < 2) return groups;
  const ranges = keys.map((key) => countingRange(key.values, groups));
  if (ranges.every((range) => range !== undefined)) {
    let order = groups;
    for (let index = keys.length - 1; index >= 0; index--) {
      order = countingPass(order, keys[index] as SortKey, ranges[index] as [number, number]);
    }
    return order;
  }
  return Int32Array.from(groups).sort((a, b) => {
    for (const { values, desc } of keys) {
      const left = values[a] as number;
      const right = values[b] as number;
      if (left !== right) return (left < right ? -1 : 1) * (desc ? -1 : 1);
    }
    return a - b;
  });
}

function countingRange(values: Float64Array, groups: Int32Array): [number, number] | undefined {
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  let hasNull = false;
  for (let index = 0; index < groups.length; index++) {
    const value = values[groups[index] as number] as number;
    if (value === Number.POSITIVE_INFINITY) {
      hasNull = true;
      continue;
    }
    if (!Number.isInteger(value)) return undefined;
    if (value < min) min = value;
    if (value > max) max = value;
  }
  if (min === Number.POSITIVE_INFINITY) return [0, 0];
  if (hasNull) max += 1;
  return max - min <= COUNTING_FACTOR * groups.length + 1024 ? [min, max] : undefined;
}

/** A stable counting sort of `order` by one key. */
function countingPass(order: Int32Array, key: SortKey, [min, max]: [number, number]): Int32Array {
  const width = max - min + 1;
  const counts = new Int32Array(width + 1);
  const slot = (group: number) => {
    const value = key.values[group] as number;
    const position = (value === Number.POSITIVE_INFINITY ? max : value) - min;
    return key.desc ? width - 1 - position : position;
  };
  for (let index = 0; index < order.length; index++) {
    const at = slot(order[index] as number) + 1;
    counts[at] = (counts[at] as number) + 1;
  }
  for (let index = 0; index < width; index++) counts[index + 1] = (counts[index + 1] as number) + (counts[index] as number);
  const out = new Int32Array(order.length);
  for (let index = 0; index < order.length; index++) {
    const group = order[index] as number;
    const at = slot(group);
    out[counts[at] as number] = group;
    counts[at] = (counts[at] as number) + 1;
  }
  return out;
}
