import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type SortKey, sortGroups } from '../../../../src/reference/analytics/query/sort-groups.ts';

/** The order as plainly as it can be written: a stable sort, each key in turn, nulls (+Infinity) last ascending. */
function plainOrder(groups: readonly number[], keys: readonly SortKey[]): number[] {
  return groups
    .map((group, position) => ({ group, position }))
    .sort((a, b) => {
      for (const { values, desc } of keys) {
        const left = values[a.group] as number;
        const right = values[b.group] as number;
        if (left === right) continue;
        const ascending = left < right ? -1 : 1;
        return desc ? -ascending : ascending;
      }
      return a.position - b.position;
    })
    .map(({ group }) => group);
}

const NULL = Number.POSITIVE_INFINITY;
/** Values of one key: small whole numbers (counting passes), negative ones, wide ones or fractions (comparison sort), with nulls. */
const value = fc.oneof(
  fc.integer({ min: -3, max: 6 }),
  fc.constant(NULL),
  fc.integer({ min: -2_000_000, max: 2_000_000 }),
  fc.double({ min: -10, max: 10, noNaN: true, noDefaultInfinity: true }),
);
const keyKind = fc.constantFrom('small', 'wide', 'mixed');

const randomCase = fc
  .record({
    size: fc.integer({ min: 0, max: 40 }),
    kinds: fc.array(fc.tuple(keyKind, fc.boolean()), { minLength: 0, maxLength: 3 }),
  })
  .chain(({ size, kinds }) =>
    fc.record({
      // Ascending, some left out, as the groups a filter on measures keeps (group numbers follow first appearance).
      groups: fc.subarray(
        Array.from({ length: size }, (_, index) => index),
        { minLength: 0, maxLength: size },
      ),
      keys: fc.tuple(
        ...kinds.map(([kind, desc]) =>
          fc
            .array(
              kind === 'small'
                ? fc.oneof(fc.integer({ min: 0, max: 5 }), fc.constant(NULL))
                : kind === 'wide'
                  ? fc.oneof(fc.integer({ min: -2_000_000, max: 2_000_000 }), fc.constant(NULL))
                  : value,
              { minLength: size, maxLength: size },
            )
            .map((values) => ({ values: Float64Array.from(values), desc })),
        ),
      ),
    }),
  );

describe('sorting groups, against a plain stable sort', () => {
  it('gives the plain order for any keys, directions, nulls and groups', () => {
    fc.assert(
      fc.property(randomCase, ({ groups, keys }) => {
        expect([...sortGroups(Int32Array.from(groups), keys)]).toEqual(plainOrder(groups, keys));
      }),
      { seed: 20_261_201, numRuns: 400 },
    );
  });

  it('sorts by counting passes up to the widest range they take, and by comparison beyond it', () => {
    // Four values a group and 1024 more: 2 groups take a range of 1032; a null counts one more.
    for (const width of [1031, 1032, 1033]) {
      for (const desc of [false, true]) {
        const keys = [{ values: Float64Array.from([width, 0, width, NULL]), desc }];
        const groups = Int32Array.from([0, 1, 2, 3]);
        expect([...sortGroups(groups, keys)], `${width} ${desc}`).toEqual(plainOrder([0, 1, 2, 3], keys));
      }
    }
  });

  it('keeps one group or none as given, and any groups without keys', () => {
    const one = Int32Array.from([3]);
    expect(sortGroups(one, [{ values: Float64Array.from([0, 0, 0, 1]), desc: false }])).toBe(one);
    const many = Int32Array.from([2, 0, 1]);
    expect(sortGroups(many, [])).toBe(many);
  });
});
