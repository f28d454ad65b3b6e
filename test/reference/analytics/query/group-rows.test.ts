import { describe, expect, it } from 'vitest';
import { groupRows } from '../../../../src/reference/analytics/query/group-rows.ts';

describe('grouping rows', () => {
  it('numbers groups in order of first appearance, with small keys addressed directly', () => {
    const groups = groupRows(5, { ints: [Int32Array.of(3, 1, 3, 2, 1), Int32Array.of(0, 0, 0, 1, 0)], floats: [] });
    expect(groups.count).toBe(3);
    expect([...groups.groupOf]).toEqual([0, 1, 0, 2, 1]);
    expect([...groups.first]).toEqual([0, 1, 3]);
  });

  it('hashes wide keys and millisecond times without mixing distinct keys', () => {
    const times = Float64Array.of(1_709_283_600_000, 1_709_283_600_001, 1_709_283_600_000, 4_294_967_296 + 1_709_283_600_000);
    const wide = Int32Array.of(2_000_000_000, -2_000_000_000, 2_000_000_000, 2_000_000_000);
    const groups = groupRows(4, { ints: [wide], floats: [times] });
    expect([...groups.groupOf]).toEqual([0, 1, 0, 2]);
  });

  it('puts everything in one group when there are no keys', () => {
    expect(groupRows(3, { ints: [], floats: [] })).toMatchObject({ count: 1 });
  });
});
