import { describe, expect, it } from 'vitest';
import { readFunnelDefinitions } from '../../../../src/reference/analytics/funnels/funnel-definitions.ts';
import { usersByFurthestStep } from '../../../../src/reference/analytics/funnels/run-funnel.ts';
import { runQuery } from '../../../../src/reference/analytics/query/cube-response.ts';
import { createMemberCatalog } from '../../../../src/reference/analytics/query/member-catalog.ts';
import type { TrackedEvent } from '../../../../src/reference/analytics/tracked-events.ts';
import { COMPLETED_PURCHASE_YAML, event, funnelRepository, storeOf } from '../analytics-fixtures.ts';

/** completed_purchase: /products → /cart → /checkout → /checkout/confirmation within 3600 seconds. */
const { funnels } = readFunnelDefinitions(
  funnelRepository({
    'completed_purchase.yaml': COMPLETED_PURCHASE_YAML,
    // Two steps on one page: a second view of it is needed for the second step.
    'reload.yaml':
      'seconds_to_convert: 60\nsteps:\n  - name: first\n    action: pageview\n    target: /a\n  - name: again\n    action: pageview\n    target: /a\n',
  }),
  '.gitlab',
);
const purchase = funnels.find((funnel) => funnel.slug === 'completed_purchase');
const reload = funnels.find((funnel) => funnel.slug === 'reload');
const START = Date.parse('2024-05-01T10:00:00Z');
const view = (user: string | null, afterMs: number, docPath: string) =>
  event({ userAnonymousId: user, utcTime: START + afterMs, docPath });

function stepsOf(events: readonly TrackedEvent[], query: Record<string, unknown> = {}) {
  return runQuery(storeOf(events), createMemberCatalog(funnels), query, Date.parse('2024-06-01T00:00:00Z')).data;
}
const perStep = (events: readonly TrackedEvent[], slug = 'completed_purchase') =>
  stepsOf(events, { measures: [`${slug}.count`], dimensions: [`${slug}.step`], order: { [`${slug}.step`]: 'asc' } }).map(
    (row) => `${row[`${slug}.step`]}=${row[`${slug}.count`]}`,
  );

describe('funnel edges', () => {
  it('counts a step reached exactly seconds_to_convert after the start, and not one millisecond later', () => {
    const hour = 3_600_000;
    expect(perStep([view('ana', 0, '/products'), view('ana', hour, '/cart')])).toEqual([
      'view_products=0',
      'open_cart=1',
      'start_checkout=0',
      'purchase=0',
    ]);
    expect(perStep([view('ana', 0, '/products'), view('ana', hour + 1, '/cart')])).toEqual([
      'view_products=1',
      'open_cart=0',
      'start_checkout=0',
      'purchase=0',
    ]);
    // The window runs from the start of the attempt, not from the step before.
    expect(perStep([view('ana', 0, '/products'), view('ana', 1000, '/cart'), view('ana', hour + 1, '/checkout')])).toEqual([
      'view_products=0',
      'open_cart=1',
      'start_checkout=0',
      'purchase=0',
    ]);
  });

  it('keeps the furthest step when the user starts over and gets less far', () => {
    const events = [
      view('ana', 0, '/products'),
      view('ana', 1000, '/cart'),
      view('ana', 2000, '/checkout'),
      view('ana', 5000, '/products'),
    ];
    expect(perStep(events)).toEqual(['view_products=0', 'open_cart=0', 'start_checkout=1', 'purchase=0']);
  });

  it('needs a second view for a second step on the same page, and leaves out views without a user', () => {
    expect(perStep([view('ana', 0, '/a')], 'reload')).toEqual(['first=1', 'again=0']);
    expect(perStep([view('ana', 0, '/a'), view('ana', 60_000, '/a')], 'reload')).toEqual(['first=0', 'again=1']);
    expect(perStep([view(null, 0, '/a'), view(null, 1000, '/a')], 'reload')).toEqual(['first=0', 'again=0']);
  });

  it('gives one count per step, and nothing more, for the users who entered', () => {
    if (!purchase) throw new Error('the completed_purchase funnel did not read');
    const store = storeOf([
      view('ana', 0, '/products'),
      view('ben', 0, '/cart'),
      view('cem', 0, '/products'),
      view('cem', 1, '/cart'),
    ]);
    expect(usersByFurthestStep(store, purchase.definition, undefined)).toEqual([1, 1, 0, 0]);
    // No page view on a step's page at all: every step is zero.
    expect(usersByFurthestStep(storeOf([view('ana', 0, '/home')]), purchase.definition, undefined)).toEqual([0, 0, 0, 0]);
    if (!reload) throw new Error('the reload funnel did not read');
    expect(usersByFurthestStep(store, reload.definition, undefined)).toEqual([0, 0]);
  });

  it('pages the one row of a funnel without steps away with an offset, and gives steps alone without a measure', () => {
    const events = [view('ana', 0, '/products'), view('ben', 0, '/products'), view('ben', 10, '/cart')];
    expect(stepsOf(events, { measures: ['completed_purchase.count'] })).toEqual([{ 'completed_purchase.count': '2' }]);
    expect(stepsOf(events, { measures: ['completed_purchase.count'], offset: 1 })).toEqual([]);
    expect(
      stepsOf(events, { dimensions: ['completed_purchase.step'], order: { 'completed_purchase.step': 'desc' }, limit: 2 }),
    ).toEqual([{ 'completed_purchase.step': 'purchase' }, { 'completed_purchase.step': 'start_checkout' }]);
  });
});
