import { describe, expect, it } from 'vitest';
import { createEventStore } from '../../../../src/reference/analytics/store/event-store.ts';
import { event } from '../analytics-fixtures.ts';

describe('columnar event store', () => {
  it('keeps text dimensions as dictionary codes, with 0 for null', () => {
    const store = createEventStore();
    store.append(event({ utcTime: 1000, docPath: '/a', docSearch: null }));
    store.append(event({ utcTime: 2000, docPath: '/b' }));
    store.append(event({ utcTime: 3000, docPath: '/a' }));
    expect(store.codes('docPath')).toBeInstanceOf(Int32Array);
    expect([...store.codes('docPath')]).toEqual([1, 2, 1]);
    expect([...store.codes('docSearch')]).toEqual([0, 0, 0]);
    expect(store.dictionary('docPath').values).toEqual([null, '/a', '/b']);
    expect([...store.times()]).toEqual([1000, 2000, 3000]);
  });

  it('grows past its first capacity and rebuilds rows from the columns', () => {
    const store = createEventStore();
    for (let index = 0; index < 5000; index++)
      store.append(event({ utcTime: index, docPath: `/p${index % 7}`, localTzOffset: null }));
    expect(store.size).toBe(5000);
    expect(store.row(4999)).toMatchObject({ utcTime: 4999, docPath: '/p1', localTzOffset: null, apiKey: 'demo-app' });
    expect(Number.isNaN(store.tzOffsets()[0])).toBe(true);
  });

  it('orders rows by time even when events arrive out of order, ties in arrival order', () => {
    const store = createEventStore();
    for (const time of [30, 10, 20, 10]) store.append(event({ utcTime: time }));
    expect([...store.timeOrder()]).toEqual([1, 3, 2, 0]);
    store.append(event({ utcTime: 5 }));
    expect([...store.timeOrder()]).toEqual([4, 1, 3, 2, 0]);
  });

  it('keeps the earliest and latest time as events arrive', () => {
    const store = createEventStore();
    expect(store.timeRange()).toEqual([0, 0]);
    for (const time of [30, 10, 20]) store.append(event({ utcTime: time }));
    expect(store.timeRange()).toEqual([10, 30]);
  });

  it('ranks dictionary codes in string order with null last', () => {
    const store = createEventStore();
    for (const path of ['/c', '/a', null, '/b']) store.append(event({ utcTime: 0, docPath: path }));
    const dictionary = store.dictionary('docPath');
    const ranks = dictionary.ranks();
    const sorted = [...dictionary.values.keys()].sort((a, b) => (ranks[a] as number) - (ranks[b] as number));
    expect(sorted.map((code) => dictionary.values[code])).toEqual(['/a', '/b', '/c', null]);
  });
});
