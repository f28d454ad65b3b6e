import { describe, expect, it } from 'vitest';
import type { RowFilter } from '../../../../src/reference/analytics/query/compiled-query.ts';
import { filterMask, filterRows, numberPasses } from '../../../../src/reference/analytics/query/filter-rows.ts';
import { event, storeOf } from '../analytics-fixtures.ts';

const at = (iso: string) => Date.parse(iso);
const store = storeOf([
  event({ utcTime: '2024-02-01T00:00:00Z', docPath: '/cart' }),
  event({ utcTime: '2024-02-01T00:00:00.001Z', docPath: '/checkout' }),
  event({ utcTime: '2024-02-02T00:00:00Z', docPath: null }),
  event({ utcTime: '2024-02-03T00:00:00Z', docPath: '/products' }),
]);
const mask = (filter: RowFilter) => [...filterMask(store, filter)];
const ranges = (list: [string, string][], negate = false): RowFilter => ({
  kind: 'time',
  test: { ranges: list.map(([from, to]) => [at(from), at(to)]), negate },
});

describe('row filter edges', () => {
  it('keeps every row for an empty and, none for an empty or', () => {
    expect(mask({ kind: 'and', children: [] })).toEqual([1, 1, 1, 1]);
    expect(mask({ kind: 'or', children: [] })).toEqual([0, 0, 0, 0]);
  });

  it('takes both ends of one time range, and is outside it exactly where negated', () => {
    expect(mask(ranges([['2024-02-01T00:00:00Z', '2024-02-01T00:00:00.001Z']]))).toEqual([1, 1, 0, 0]);
    expect(mask(ranges([['2024-02-01T00:00:00.001Z', '2024-02-02T00:00:00Z']]))).toEqual([0, 1, 1, 0]);
    expect(mask(ranges([['2024-02-01T00:00:00.001Z', '2024-02-02T00:00:00Z']], true))).toEqual([1, 0, 0, 1]);
  });

  it('takes a row inside any of several time ranges, both ends included, or outside all of them negated', () => {
    const two: [string, string][] = [
      ['2024-02-01T00:00:00Z', '2024-02-01T00:00:00Z'],
      ['2024-02-02T00:00:00Z', '2024-02-03T00:00:00Z'],
    ];
    expect(mask(ranges(two))).toEqual([1, 0, 1, 1]);
    expect(mask(ranges(two, true))).toEqual([0, 1, 0, 0]);
    const apart: [string, string][] = [
      ['2024-01-01T00:00:00Z', '2024-01-02T00:00:00Z'],
      ['2024-02-01T00:00:00.001Z', '2024-02-01T00:00:00.001Z'],
    ];
    expect(mask(ranges(apart))).toEqual([0, 1, 0, 0]);
    expect(mask(ranges([]))).toEqual([0, 0, 0, 0]);
  });

  it('starts with any of several values, and keeps nulls out of startsWith but in notSet', () => {
    const starts: RowFilter = { kind: 'string', dimension: 'docPath', operator: 'startsWith', values: ['/ca', '/pro'] };
    expect(mask(starts)).toEqual([1, 0, 0, 1]);
    expect(mask({ kind: 'string', dimension: 'docPath', operator: 'notSet', values: [] })).toEqual([0, 0, 1, 0]);
  });

  it('shares one list of every row between queries, and a new one once the store grew', () => {
    const grown = storeOf([event({ utcTime: 0 }), event({ utcTime: 1 })]);
    const first = filterRows(grown, undefined);
    expect([...first]).toEqual([0, 1]);
    expect(filterRows(grown, undefined)).toBe(first);
    grown.append(event({ utcTime: 2 }));
    expect([...filterRows(grown, undefined)]).toEqual([0, 1, 2]);
  });

  it('compares numbers with the first value, and never passes a null but to notEquals and notSet', () => {
    expect([
      numberPasses('gt', 2, [2]),
      numberPasses('gte', 2, [2]),
      numberPasses('lt', 2, [2]),
      numberPasses('lte', 2, [2]),
    ]).toEqual([false, true, false, true]);
    expect(numberPasses('gt', 3, [2, 9])).toBe(true);
    expect(numberPasses('lte', 0, [])).toBe(true);
    for (const operator of ['gt', 'gte', 'lt', 'lte', 'equals', 'set'] as const)
      expect(numberPasses(operator, Number.NaN, [0]), operator).toBe(false);
    expect(numberPasses('notEquals', Number.NaN, [0])).toBe(true);
    expect(numberPasses('notSet', Number.NaN, [])).toBe(true);
  });
});
