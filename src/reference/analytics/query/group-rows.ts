/**
 * Grouping rows by several key columns without building a key object or string per row. Small key spaces
 * use direct addressing; others an open-addressing hash table over the typed arrays.
 */

/** Groups of n positions. */
export interface Groups {
  /** Number of groups. */
  count: number;
  /** Group of each position. */
  groupOf: Int32Array;
  /** First position of each group, in order of first appearance (groups are numbered in that order). */
  first: Int32Array;
}

/** Key columns: 32-bit codes, and 64-bit float columns (whole numbers such as millisecond times). */
export interface KeyColumns {
  ints: Int32Array[];
  floats: Float64Array[];
}

const DIRECT_LIMIT = 1 << 22;

/** Groups positions 0…n−1 by their keys. With no key columns everything is one group. */
export function groupRows(size: number, keys: KeyColumns): Groups {
  if (keys.ints.length + keys.floats.length === 0) {
    return { count: 1, groupOf: new Int32Array(size), first: new Int32Array(1) };
  }
  if (keys.floats.length === 0) {
    const direct = groupDirect(size, keys.ints);
    if (direct) return direct;
  }
  return groupHashed(size, keys);
}

function groupDirect(size: number, ints: Int32Array[]): Groups | undefined {
  const mins: number[] = [];
  const strides: number[] = [];
  let space = 1;
  for (const column of ints) {
    let min = size === 0 ? 0 : 2 ** 31;
    let max = size === 0 ? 0 : -(2 ** 31);
    for (let index = 0; index < size; index++) {
      const value = column[index] as number;
      if (value < min) min = value;
      if (value > max) max = value;
    }
    mins.push(min);
    strides.push(space);
    space *= max - min + 1;
    if (space > DIRECT_LIMIT) return undefined;
  }
  const slots = new Int32Array(space).fill(-1);
  const groupOf = new Int32Array(size);
  const first: number[] = [];
  const single = ints.length === 1 ? (ints[0] as Int32Array) : undefined;
  const singleMin = mins[0] as number;
  for (let index = 0; index < size; index++) {
    let slot: number;
    if (single) slot = (single[index] as number) - singleMin;
    else {
      slot = 0;
      for (let key = 0; key < ints.length; key++)
        slot += (((ints[key] as Int32Array)[index] as number) - (mins[key] as number)) * (strides[key] as number);
    }
    let group = slots[slot] as number;
    if (group < 0) {
      group = first.length;
      slots[slot] = group;
      first.push(index);
    }
    groupOf[index] = group;
  }
  return { count: first.length, groupOf, first: Int32Array.from(first) };
}

function hashAt(keys: KeyColumns, index: number): number {
  let hash = 0x811c9dc5;
  for (const column of keys.ints) hash = Math.imul(hash ^ (column[index] as number), 0x9e3779b1);
  for (const column of keys.floats) {
    const value = column[index] as number;
    hash = Math.imul(hash ^ (value >>> 0), 0x9e3779b1);
    hash = Math.imul(hash ^ ((value / 4294967296) | 0), 0x85ebca6b);
  }
  return (hash ^ (hash >>> 15)) >>> 0;
}

function sameKeys(keys: KeyColumns, a: number, b: number): boolean {
  for (const column of keys.ints) if (column[a] !== column[b]) return false;
  for (const column of keys.floats) if (column[a] !== column[b]) return false;
  return true;
}

function groupHashed(size: number, keys: KeyColumns): Groups {
  let capacity = 16;
  while (capacity < size * 2) capacity *= 2;
  const mask = capacity - 1;
  const table = new Int32Array(capacity).fill(-1);
  const groupOf = new Int32Array(size);
  let first = new Int32Array(Math.max(16, size >>> 4));
  let count = 0;
  for (let index = 0; index < size; index++) {
    let slot = hashAt(keys, index) & mask;
    let group = table[slot] as number;
    while (group >= 0 && !sameKeys(keys, first[group] as number, index)) {
      slot = (slot + 1) & mask;
      group = table[slot] as number;
    }
    if (group < 0) {
      if (count === first.length) {
        const bigger = new Int32Array(first.length * 2);
        bigger.set(first);
        first = bigger;
      }
      group = count++;
      first[group] = index;
      table[slot] = group;
    }
    groupOf[index] = group;
  }
  return { count, groupOf, first: first.slice(0, count) };
}
