import { describe, expect, it } from 'vitest';
import { readFunnelDefinitions } from '../../../../src/reference/analytics/funnels/funnel-definitions.ts';
import { runQuery } from '../../../../src/reference/analytics/query/cube-response.ts';
import { createMemberCatalog } from '../../../../src/reference/analytics/query/member-catalog.ts';
import { COMPLETED_PURCHASE_YAML, event, funnelRepository, storeOf } from '../analytics-fixtures.ts';

/**
 * The worked example of docs/reference-analytics.md. completed_purchase: /products → /cart → /checkout →
 * /checkout/confirmation within 3600 seconds of the /products view that starts the attempt.
 */
const view = (user: string, time: string, docPath: string) =>
  event({ userAnonymousId: user, utcTime: `2024-05-${time}:00Z`, docPath });
const store = storeOf([
  // ana completes the funnel in 20 minutes.
  view('ana', '01T10:00', '/products'),
  view('ana', '01T10:05', '/cart'),
  view('ana', '01T10:10', '/checkout'),
  view('ana', '01T10:20', '/checkout/confirmation'),
  // ben reaches checkout 90 minutes after the product list: too late, so open_cart is his furthest step.
  view('ben', '01T10:00', '/products'),
  view('ben', '01T10:30', '/cart'),
  view('ben', '01T11:30', '/checkout'),
  // cem opened the cart before the product list and skips the cart afterwards: steps count in order only.
  view('cem', '01T09:00', '/cart'),
  view('cem', '01T09:10', '/products'),
  view('cem', '01T09:20', '/checkout'),
  // dana gives up on day 1 and gets to checkout on day 2: her best attempt counts.
  view('dana', '01T10:00', '/products'),
  view('dana', '02T09:00', '/products'),
  view('dana', '02T09:10', '/cart'),
  view('dana', '02T09:20', '/checkout'),
  // eve never sees the product list, so she never enters the funnel.
  view('eve', '01T10:00', '/cart'),
  // fay's cart is 80 minutes after her first product view but 30 after her second: the later start counts.
  view('fay', '01T10:00', '/products'),
  view('fay', '01T10:50', '/products'),
  view('fay', '01T11:20', '/cart'),
  // A custom event on a step's path is not a page view.
  event({ userAnonymousId: 'gus', utcTime: '2024-05-01T10:00:00Z', docPath: '/products', eventType: 'add_to_cart' }),
]);
const { funnels } = readFunnelDefinitions(funnelRepository({ 'completed_purchase.yaml': COMPLETED_PURCHASE_YAML }), '.gitlab');
const data = (query: Record<string, unknown>) =>
  runQuery(store, createMemberCatalog(funnels), query, Date.parse('2024-06-01T00:00:00Z')).data;
const steps = (query: Record<string, unknown> = {}) =>
  data({
    measures: ['completed_purchase.count'],
    dimensions: ['completed_purchase.step'],
    order: { 'completed_purchase.step': 'asc' },
    ...query,
  }).map((row) => `${row['completed_purchase.step']}=${row['completed_purchase.count']}`);

describe('funnels', () => {
  it('counts users by the furthest step reached in order within seconds_to_convert (the worked example)', () => {
    expect(steps()).toEqual(['view_products=1', 'open_cart=2', 'start_checkout=1', 'purchase=1']);
  });

  it('counts every user who entered when there is no step dimension', () => {
    expect(data({ measures: ['completed_purchase.count'] })).toEqual([{ 'completed_purchase.count': '5' }]);
  });

  it('restricts the events that count with filters on <funnel>.date', () => {
    const beforeDayTwo = [{ member: 'completed_purchase.date', operator: 'beforeDate', values: ['2024-05-02'] }];
    expect(steps({ filters: beforeDayTwo })).toEqual(['view_products=2', 'open_cart=2', 'start_checkout=0', 'purchase=1']);
    const dayTwo = [{ member: 'completed_purchase.date', operator: 'inDateRange', values: ['2024-05-02', '2024-05-02'] }];
    expect(steps({ filters: dayTwo })).toEqual(['view_products=0', 'open_cart=0', 'start_checkout=1', 'purchase=0']);
  });

  it('orders by count descending by default and pages like any query', () => {
    const rows = data({ measures: ['completed_purchase.count'], dimensions: ['completed_purchase.step'] });
    expect(rows[0]).toEqual({ 'completed_purchase.step': 'open_cart', 'completed_purchase.count': '2' });
    expect(steps({ limit: 2, offset: 1 })).toEqual(['open_cart=2', 'start_checkout=1']);
  });
});
