import { describe, expect, it } from 'vitest';
import { sortGroups } from '../../../../src/reference/analytics/query/sort-groups.ts';

const order = (keys: { values: number[]; desc: boolean }[], count: number) => [
  ...sortGroups(
    Int32Array.from({ length: count }, (_, index) => index),
    keys.map((key) => ({ values: Float64Array.from(key.values), desc: key.desc })),
  ),
];

describe('sorting groups', () => {
  it('sorts by several keys, ties in group order, nulls last ascending and first descending', () => {
    const values = [2, Number.POSITIVE_INFINITY, 1, 2];
    expect(order([{ values, desc: false }], 4)).toEqual([2, 0, 3, 1]);
    expect(order([{ values, desc: true }], 4)).toEqual([1, 0, 3, 2]);
    expect(
      order(
        [
          { values, desc: false },
          { values: [9, 0, 0, 1], desc: false },
        ],
        4,
      ),
    ).toEqual([2, 3, 0, 1]);
  });

  it('gives the same order through counting passes and the comparison sort', () => {
    const small = [5, 3, 5, 1, 3, 0];
    const large = small.map((value) => value * 1e12 + 0.5);
    expect(order([{ values: small, desc: true }], 6)).toEqual(order([{ values: large, desc: true }], 6));
  });
});
