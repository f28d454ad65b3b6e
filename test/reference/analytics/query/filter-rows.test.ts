import { describe, expect, it } from 'vitest';
import { compileQuery } from '../../../../src/reference/analytics/query/compile-query.ts';
import { filterRows } from '../../../../src/reference/analytics/query/filter-rows.ts';
import { createMemberCatalog } from '../../../../src/reference/analytics/query/member-catalog.ts';
import { event, storeOf } from '../analytics-fixtures.ts';

const store = storeOf([
  event({ utcTime: '2024-01-31T23:00:00Z', docPath: '/Products', localTzOffset: 60 }),
  event({ utcTime: '2024-02-01T00:00:00Z', docPath: '/cart', localTzOffset: -300 }),
  event({ utcTime: '2024-02-01T12:00:00Z', docPath: null, localTzOffset: null }),
  event({ utcTime: '2024-02-02T08:00:00Z', docPath: '/checkout', localTzOffset: 0 }),
]);
const catalog = createMemberCatalog([]);
const rows = (filters: unknown[], timezone?: string) => {
  const compiled = compileQuery({ measures: ['TrackedEvents.count'], filters, timezone }, catalog, 0);
  return [...filterRows(store, compiled.kind === 'events' ? compiled.filter : undefined)];
};
const path = (operator: string, values?: string[]) => rows([{ member: 'TrackedEvents.docPath', operator, values }]);
const time = (operator: string, values: string[]) => rows([{ member: 'TrackedEvents.utcTime', operator, values }]);
const offset = (operator: string, values?: string[]) => rows([{ member: 'TrackedEvents.localTzOffset', operator, values }]);

describe('filter operators', () => {
  it('equals is exact and IN over several values; notEquals keeps nulls', () => {
    expect(path('equals', ['/cart', '/checkout'])).toEqual([1, 3]);
    expect(path('equals', ['/products'])).toEqual([]);
    expect(path('notEquals', ['/cart'])).toEqual([0, 2, 3]);
  });

  it('contains, startsWith and endsWith ignore case and OR over values; negations AND and keep nulls', () => {
    expect(path('contains', ['PROD', 'art'])).toEqual([0, 1]);
    expect(path('notContains', ['prod', 'art'])).toEqual([2, 3]);
    expect(path('startsWith', ['/c'])).toEqual([1, 3]);
    expect(path('notStartsWith', ['/c'])).toEqual([0, 2]);
    expect(path('endsWith', ['OUT', 'ts'])).toEqual([0, 3]);
    expect(path('notEndsWith', ['out'])).toEqual([0, 1, 2]);
  });

  it('set and notSet test for a value', () => {
    expect(path('set')).toEqual([0, 1, 3]);
    expect(path('notSet')).toEqual([2]);
    expect(offset('notSet')).toEqual([2]);
  });

  it('compares numbers with the first value', () => {
    expect(offset('gt', ['0'])).toEqual([0]);
    expect(offset('gte', ['0'])).toEqual([0, 3]);
    expect(offset('lt', ['0'])).toEqual([1]);
    expect(offset('lte', ['0', '999'])).toEqual([1, 3]);
    expect(offset('equals', ['60', '-300'])).toEqual([0, 1]);
    expect(offset('notEquals', ['60'])).toEqual([1, 2, 3]);
  });

  it('reads a date alone as the start of its day for start bounds and the end of it for end bounds', () => {
    expect(time('beforeDate', ['2024-02-01'])).toEqual([0]);
    expect(time('beforeOrOnDate', ['2024-02-01'])).toEqual([0, 1, 2]);
    expect(time('afterOrOnDate', ['2024-02-01'])).toEqual([1, 2, 3]);
    expect(time('inDateRange', ['2024-02-01', '2024-02-01'])).toEqual([1, 2]);
    expect(time('notInDateRange', ['2024-02-01', '2024-02-01'])).toEqual([0, 3]);
    expect(time('gt', ['2024-02-01'])).toEqual([3]);
    expect(time('lt', ['2024-02-01T12:00:00'])).toEqual([0, 1]);
    expect(time('equals', ['2024-02-02'])).toEqual([3]);
    expect(time('notEquals', ['2024-02-02'])).toEqual([0, 1, 2]);
  });

  it('reads dates in the query time zone', () => {
    expect(rows([{ member: 'TrackedEvents.utcTime', operator: 'beforeDate', values: ['2024-02-01'] }], 'Europe/Berlin')).toEqual(
      [],
    );
  });

  it('nests and / or groups, combining top-level filters with and', () => {
    const either = {
      or: [
        { member: 'TrackedEvents.docPath', operator: 'equals', values: ['/cart'] },
        { member: 'TrackedEvents.localTzOffset', operator: 'notSet' },
      ],
    };
    expect(rows([either])).toEqual([1, 2]);
    expect(
      rows([either, { member: 'TrackedEvents.utcTime', operator: 'afterOrOnDate', values: ['2024-02-01T06:00:00'] }]),
    ).toEqual([2]);
    expect(rows([{ and: [either, { or: [{ member: 'TrackedEvents.docPath', operator: 'set' }] }] }])).toEqual([1]);
  });
});
