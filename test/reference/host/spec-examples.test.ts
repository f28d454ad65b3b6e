/**
 * The request bodies the spec shows for endpoint 1, sent as written over real HTTP: the funnel query and the
 * raw export ordered by `TrackedEvents.apiKey` (which the export does not select). Export pages are disjoint
 * and together hold every event once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_DIMENSIONS } from '../../../src/reference/analytics/tracked-events.ts';
import { manualClock } from '../../../src/reference/platform/clock.ts';
import { COMPLETED_PURCHASE_YAML, funnelRepository } from '../analytics/analytics-fixtures.ts';
import { type HttpHost, startHost } from './http-host.ts';

let host: HttpHost;
beforeAll(async () => {
  host = await startHost({
    clock: manualClock('2024-06-01T00:00:00Z'),
    analytics: {
      repositories: { 1: funnelRepository({ 'completed_purchase.yaml': COMPLETED_PURCHASE_YAML }) },
      sample: { users: 40, days: 20 },
    },
  });
});
afterAll(() => host.close());

const post = async (body: unknown, queryType = '') => {
  const response = await fetch(`${host.base}/api/v4/projects/1/product_analytics/request/load${queryType}`, {
    method: 'POST',
    headers: { 'PRIVATE-TOKEN': 'demo-read-token', 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as { results: { data: Record<string, string | null>[] }[] } };
};

/** The export's dimensions: every TrackedEvents member but apiKey, which it orders by. */
const EXPORT_DIMENSIONS = EVENT_DIMENSIONS.filter((member) => member !== 'apiKey').map((member) => `TrackedEvents.${member}`);

describe("the spec's example bodies", () => {
  it('runs the funnel query as written, with and without queryType, for a date or a date-time', async () => {
    for (const [before, queryType] of [
      ['2024-06-01', '?queryType=multi'],
      ['2024-06-01T00:00:00Z', ''],
    ] as const) {
      for (const direction of ['desc', 'asc'] as const) {
        const { status, body } = await post(
          {
            query: {
              measures: ['completed_purchase.count'],
              order: { 'completed_purchase.count': direction },
              filters: [{ member: 'completed_purchase.date', operator: 'beforeDate', values: [before] }],
              dimensions: ['completed_purchase.step'],
            },
          },
          queryType,
        );
        expect(status, `${before} ${direction}`).toBe(200);
        const result = queryType ? body.results[0] : (body as unknown as { data: Record<string, string | null>[] });
        const rows = result?.data ?? [];
        expect(rows.map((row) => row['completed_purchase.step']).sort()).toEqual([
          'open_cart',
          'purchase',
          'start_checkout',
          'view_products',
        ]);
        const counts = rows.map((row) => Number(row['completed_purchase.count']));
        expect(counts).toEqual([...counts].sort((a, b) => (direction === 'desc' ? b - a : a - b)));
        expect(Math.max(...counts)).toBeGreaterThan(0);
      }
    }
  });

  it('runs the raw export ordered by TrackedEvents.apiKey although apiKey is not among its dimensions', async () => {
    for (const direction of ['asc', 'desc']) {
      const { status, body } = await post(
        { query: { dimensions: EXPORT_DIMENSIONS, order: { 'TrackedEvents.apiKey': direction } } },
        '?queryType=multi',
      );
      expect(status, direction).toBe(200);
      expect(body.results[0]?.data.length).toBeGreaterThan(100);
    }
  });

  it('pages the export with limit and offset: pages are disjoint and together hold every event once', async () => {
    const events = host.reference.analytics.state.store(1).size;
    const page = async (offset: number) =>
      (
        await post(
          { query: { dimensions: EXPORT_DIMENSIONS, order: { 'TrackedEvents.apiKey': 'asc' }, limit: 500, offset } },
          '?queryType=multi',
        )
      ).body.results[0]?.data ?? [];
    const seen = new Set<string>();
    let rows = 0;
    for (let offset = 0; ; offset += 500) {
      const data = await page(offset);
      for (const row of data) seen.add(JSON.stringify(row));
      rows += data.length;
      if (data.length < 500) break;
    }
    expect(rows).toBe(events);
    expect(seen.size).toBe(events);
  });

  it('still refuses ordering by a member not in the query that is not a TrackedEvents string dimension', async () => {
    const { status } = await post({ query: { dimensions: ['TrackedEvents.docPath'], order: { 'TrackedEvents.count': 'asc' } } });
    expect(status).toBe(400);
  });
});
