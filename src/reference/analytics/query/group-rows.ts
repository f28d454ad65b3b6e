/**
 * Grouping rows by several key columns without building a key object or string per row. Small key spaces
 * use direct addressing; others an open-addressing hash table over the typed arrays.
 */

/** Groups of n positions. */
export interface Groups {
  /** Number of groups. */
  count: number;
  /** Group of each position (built on first use where grouping did not need it). */
  readonly groupOf: Int32Array;
  /** First position of each group, in order of first appearance (groups are numbered in that order). */
  first: Int32Array;
  /** Positions in each group: the `count` measure, counted while grouping. */
  sizes: Int32Array;
}

/** Key columns: 32-bit codes, and 64-bit float columns (whole numbers such as millisecond times). */
export interface KeyColumns {
  ints: Int32Array[];
  /** The smallest and largest value of each int column, when known, which saves a pass. */
  ranges?: ([number, number] | undefined)[];
  floats: Float64Array[];
}

const DIRECT_LIMIT = 1 << 22;

/** Groups positions 0…n−1 by their keys. With no key columns everything is one group. */
export function groupRows(size: number, keys: KeyColumns): Groups {
  if (keys.ints.length + keys.floats.length === 0) {
    return { count: 1, groupOf: new Int32Array(size), first: new Int32Array(1), sizes: Int32Array.of(size) };
  }
  if (keys.floats.length === 0) {
    const direct = groupDirect(size, keys.ints, keys.ranges ?? []);
    if (direct) return direct;
  }
  return groupHashed(size, keys);
}

function groupDirect(size: number, ints: Int32Array[], ranges: ([number, number] | undefined)[]): Groups | undefined {
  const mins: number[] = [];
  const strides: number[] = [];
  let space = 1;
  for (const [at, column] of ints.entries()) {
    let [min, max] = ranges[at] ?? [size === 0 ? 0 : 2 ** 31, size === 0 ? 0 : -(2 ** 31)];
    if (!ranges[at]) {
      for (let index = 0; index < size; index++) {
        const value = column[index] as number;
        if (value < min) min = value;
        if (value > max) max = value;
      }
    }
    mins.push(min);
    strides.push(space);
    space *= max - min + 1;
    if (space > DIRECT_LIMIT) return undefined;
  }
  // One pass over the rows: the size and first position of each slot. The group of every row is only
  // written out if a measure other than the count asks for it.
  const single = ints.length === 1 ? (ints[0] as Int32Array) : undefined;
  const rowSlots = single ? undefined : new Int32Array(size);
  const slotSizes = new Int32Array(space);
  const slotFirst = new Int32Array(space);
  const singleMin = mins[0] as number;
  for (let index = 0; index < size; index++) {
    let slot: number;
    if (single) slot = (single[index] as number) - singleMin;
    else {
      slot = 0;
      for (let key = 0; key < ints.length; key++)
        slot += (((ints[key] as Int32Array)[index] as number) - (mins[key] as number)) * (strides[key] as number);
      (rowSlots as Int32Array)[index] = slot;
    }
    const seen = slotSizes[slot] as number;
    if (seen === 0) slotFirst[slot] = index;
    slotSizes[slot] = seen + 1;
  }
  const used: number[] = [];
  for (let slot = 0; slot < space; slot++) if ((slotSizes[slot] as number) > 0) used.push(slot);
  used.sort((a, b) => (slotFirst[a] as number) - (slotFirst[b] as number));
  const groupOfSlot = new Int32Array(space);
  const first = new Int32Array(used.length);
  const sizes = new Int32Array(used.length);
  used.forEach((slot, group) => {
    groupOfSlot[slot] = group;
    first[group] = slotFirst[slot] as number;
    sizes[group] = slotSizes[slot] as number;
  });
  let groupOf: Int32Array | undefined;
  return {
    count: used.length,
    first,
    sizes,
    get groupOf() {
      if (!groupOf) {
        groupOf = new Int32Array(size);
        for (let index = 0; index < size; index++)
          groupOf[index] = groupOfSlot[
            single ? (single[index] as number) - singleMin : ((rowSlots as Int32Array)[index] as number)
          ] as number;
      }
      return groupOf;
    },
  };
}

/**
 * Packs the int columns into as few whole-number float columns as fit below 2^53 (each value shifted by its
 * column's minimum and scaled by the widths before it), so hashing and comparing read two or three arrays
 * instead of a dozen.
 */
function packInts(size: number, ints: Int32Array[], ranges: ([number, number] | undefined)[]): Float64Array[] {
  const packed: Float64Array[] = [];
  let current: Float64Array | undefined;
  let space = 1;
  ints.forEach((column, at) => {
    let [min, max] = ranges[at] ?? [0, 0];
    if (!ranges[at] && size > 0) {
      min = 2 ** 31;
      max = -(2 ** 31);
      for (let index = 0; index < size; index++) {
        const value = column[index] as number;
        if (value < min) min = value;
        if (value > max) max = value;
      }
    }
    const width = max - min + 1;
    if (!current || space * width > 2 ** 53) {
      current = new Float64Array(size);
      packed.push(current);
      space = 1;
    }
    const target = current;
    for (let index = 0; index < size; index++)
      target[index] = (target[index] as number) + ((column[index] as number) - min) * space;
    space *= width;
  });
  return packed;
}

function hashAt(columns: Float64Array[], index: number): number {
  let hash = 0x811c9dc5;
  for (let at = 0; at < columns.length; at++) {
    const value = (columns[at] as Float64Array)[index] as number;
    hash = Math.imul(hash ^ (value >>> 0), 0x9e3779b1);
    hash = Math.imul(hash ^ ((value / 4294967296) | 0), 0x85ebca6b);
  }
  return hash ^ (hash >>> 15);
}

function sameKeys(columns: Float64Array[], a: number, b: number): boolean {
  for (let at = 0; at < columns.length; at++)
    if ((columns[at] as Float64Array)[a] !== (columns[at] as Float64Array)[b]) return false;
  return true;
}

/**
 * Open addressing with linear probing. Each slot keeps its group's hash too, so a probe compares keys only
 * when the hashes agree: the key columns are read at random places only for real duplicates.
 */
function groupHashed(size: number, keys: KeyColumns): Groups {
  const columns = [...packInts(size, keys.ints, keys.ranges ?? []), ...keys.floats];
  let capacity = 16;
  while (capacity < size * 2) capacity *= 2;
  const mask = capacity - 1;
  const table = new Int32Array(capacity).fill(-1);
  const hashes = new Int32Array(capacity);
  const groupOf = new Int32Array(size);
  let first = new Int32Array(Math.max(16, size >>> 4));
  let sizes = new Int32Array(first.length);
  let count = 0;
  for (let index = 0; index < size; index++) {
    const hash = hashAt(columns, index);
    let slot = hash & mask;
    let group = table[slot] as number;
    while (group >= 0 && (hashes[slot] !== hash || !sameKeys(columns, first[group] as number, index))) {
      slot = (slot + 1) & mask;
      group = table[slot] as number;
    }
    if (group < 0) {
      if (count === first.length) {
        const bigger = new Int32Array(first.length * 2);
        bigger.set(first);
        first = bigger;
        const biggerSizes = new Int32Array(first.length);
        biggerSizes.set(sizes);
        sizes = biggerSizes;
      }
      group = count++;
      first[group] = index;
      table[slot] = group;
      hashes[slot] = hash;
    }
    groupOf[index] = group;
    sizes[group] = (sizes[group] as number) + 1;
  }
  return { count, groupOf, first: first.slice(0, count), sizes: sizes.slice(0, count) };
}
