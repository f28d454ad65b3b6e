import { describe, expect, it } from 'vitest';
import { normalisedOrder, type OrderColumn, resolveOrder } from '../../../../src/reference/analytics/query/order-spec.ts';

const noHidden = () => undefined;
const day: OrderColumn = { key: 'TrackedEvents.utcTime.day', aliasKey: 'TrackedEvents.utcTime', bucketed: true };
const path: OrderColumn = { key: 'TrackedEvents.docPath', bucketed: false };
const type: OrderColumn = { key: 'TrackedEvents.eventType', bucketed: false };
const measures = ['TrackedEvents.count', 'TrackedEvents.uniqueUsersCount'];

describe('order keys', () => {
  it('finds measures and dimensions by key, a time dimension by its plain name too, in either written form', () => {
    expect(
      resolveOrder(
        { 'TrackedEvents.uniqueUsersCount': 'asc', 'TrackedEvents.docPath': 'desc', 'TrackedEvents.utcTime': 'asc' },
        [day, path],
        measures,
        noHidden,
      ),
    ).toEqual([
      { source: 'measure', index: 1, desc: false },
      { source: 'dimension', index: 1, desc: true },
      { source: 'dimension', index: 0, desc: false },
    ]);
    expect(
      resolveOrder(
        [
          ['TrackedEvents.utcTime.day', 'desc'],
          ['TrackedEvents.count', 'desc'],
        ],
        [day, path],
        measures,
        noHidden,
      ),
    ).toEqual([
      { source: 'dimension', index: 0, desc: true },
      { source: 'measure', index: 0, desc: true },
    ]);
  });

  it('orders by an unselected member the check allows, naming the field it came from', () => {
    const asked: string[] = [];
    const hidden = { member: 'TrackedEvents.eventType', dimension: 'eventType' } as never;
    const check = (name: string, field: string) => {
      asked.push(`${field} ${name}`);
      return name === 'TrackedEvents.eventType' ? hidden : undefined;
    };
    expect(resolveOrder([['TrackedEvents.eventType', 'desc']], [path], measures, check)).toEqual([
      { source: 'hidden', index: -1, desc: true, hidden },
    ]);
    expect(resolveOrder({ 'TrackedEvents.eventType': 'asc' }, [path], measures, check)).toEqual([
      { source: 'hidden', index: -1, desc: false, hidden },
    ]);
    expect(asked).toEqual([
      'query.order[0][0] TrackedEvents.eventType',
      'query.order.TrackedEvents.eventType TrackedEvents.eventType',
    ]);
  });

  it('refuses a member that is neither selected nor allowed, naming the field', () => {
    expect(() => resolveOrder([['TrackedEvents.pageTitle', 'asc']], [path], measures, noHidden)).toThrow(
      'query.order[0][0]: TrackedEvents.pageTitle is not in the query; add it to measures or dimensions, or remove it from order (only TrackedEvents string dimensions may order without being selected)',
    );
  });

  it('orders by the first dimension ascending without measures, by nothing without dimensions', () => {
    expect(resolveOrder(undefined, [path, type], [], noHidden)).toEqual([{ source: 'dimension', index: 0, desc: false }]);
    expect(resolveOrder(undefined, [], measures, noHidden)).toEqual([]);
    expect(resolveOrder({}, [], [], noHidden)).toEqual([]);
  });

  it('echoes the order as ids: measure keys, dimension keys and the hidden member', () => {
    const keys = resolveOrder(
      [
        ['TrackedEvents.count', 'asc'],
        ['TrackedEvents.docPath', 'desc'],
      ],
      [day, path],
      measures,
      noHidden,
    );
    const hidden = { source: 'hidden', index: -1, desc: false, hidden: { member: 'TrackedEvents.eventType' } } as never;
    expect(normalisedOrder([...keys, hidden], [day, path], measures)).toEqual([
      { id: 'TrackedEvents.count', desc: false },
      { id: 'TrackedEvents.docPath', desc: true },
      { id: 'TrackedEvents.eventType', desc: false },
    ]);
  });
});
