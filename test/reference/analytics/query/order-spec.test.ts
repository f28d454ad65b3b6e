import { describe, expect, it } from 'vitest';
import { runQuery } from '../../../../src/reference/analytics/query/cube-response.ts';
import { createMemberCatalog } from '../../../../src/reference/analytics/query/member-catalog.ts';
import { type OrderColumn, resolveOrder } from '../../../../src/reference/analytics/query/order-spec.ts';
import { event, storeOf } from '../analytics-fixtures.ts';

const noHidden = () => undefined;
const month: OrderColumn = { key: 'TrackedEvents.utcTime.month', bucketed: true };
const day: OrderColumn = { key: 'TrackedEvents.utcTime.day', aliasKey: 'TrackedEvents.utcTime', bucketed: true };
const path: OrderColumn = { key: 'TrackedEvents.docPath', bucketed: false };

describe('the default order', () => {
  it('takes the time dimension before a dimension with a granularity suffix, in either position', () => {
    const first = [{ source: 'dimension', index: 1, desc: false }];
    expect(resolveOrder(undefined, [month, day], ['TrackedEvents.count'], noHidden)).toEqual(first);
    expect(resolveOrder(undefined, [path, day, month], ['TrackedEvents.count'], noHidden)).toEqual(first);
    expect(resolveOrder(undefined, [day, month], [], noHidden)).toEqual([{ source: 'dimension', index: 0, desc: false }]);
  });

  it('takes a suffixed dimension when there is no time dimension with a granularity', () => {
    expect(resolveOrder(undefined, [path, month], ['TrackedEvents.count'], noHidden)).toEqual([
      { source: 'dimension', index: 1, desc: false },
    ]);
    expect(resolveOrder(undefined, [path], ['TrackedEvents.count'], noHidden)).toEqual([
      { source: 'measure', index: 0, desc: true },
    ]);
  });

  it('answers rows in the time dimension order even when a suffixed dimension comes first', () => {
    // Arrival order puts 2 March first, so ordering by the month (a tie) would keep it first.
    const store = storeOf([event({ utcTime: '2024-03-02T08:00:00Z' }), event({ utcTime: '2024-03-01T09:00:00Z' })]);
    const rows = runQuery(
      store,
      createMemberCatalog([]),
      {
        dimensions: ['TrackedEvents.utcTime.month'],
        timeDimensions: [{ dimension: 'TrackedEvents.utcTime', granularity: 'day' }],
      },
      0,
    ).data;
    expect(rows.map((row) => row['TrackedEvents.utcTime.day'])).toEqual(['2024-03-01T00:00:00.000', '2024-03-02T00:00:00.000']);
  });
});
