import { getResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { loadQuery, QueryRefused } from '../../../src/browser/playground/load-query.ts';
import { LOAD_PATH } from '../../../src/site/demo-world.ts';
import { referenceAt } from '../../reference/analytics/analytics-fixtures.ts';

/** A `fetch` answered by the reference's handlers on a same-origin page, as the service worker answers it. */
function fetchFrom(reference: ReturnType<typeof referenceAt>): typeof fetch {
  return async (input, init) => {
    const response = await getResponse(reference.handlers, new Request(new URL(String(input), 'http://localhost'), init));
    return response ?? new Response('no handler', { status: 404 });
  };
}

describe('loadQuery', () => {
  it('posts the query to endpoint 1 of project 1 with a demo token and returns the first result', async () => {
    const reference = referenceAt('2024-06-01T00:00:00Z', { sample: true });
    const result = await loadQuery(
      {
        measures: ['completed_purchase.count'],
        dimensions: ['completed_purchase.step'],
        order: { 'completed_purchase.step': 'asc' },
      },
      fetchFrom(reference),
    );
    expect(LOAD_PATH).toBe('/api/v4/projects/1/product_analytics/request/load?queryType=multi');
    expect(result.data.map((row) => row['completed_purchase.step'])).toEqual([
      'view_products',
      'open_cart',
      'start_checkout',
      'purchase',
    ]);
    expect(result.annotation.measures['completed_purchase.count']?.title).toBe('Completed Purchase Count');
  });

  it('throws the endpoint’s own message and status when it refuses the query', async () => {
    const reference = referenceAt('2024-06-01T00:00:00Z');
    const refusal = loadQuery({ measures: ['TrackedEvents.views'] }, fetchFrom(reference));
    await expect(refusal).rejects.toBeInstanceOf(QueryRefused);
    await expect(refusal).rejects.toMatchObject({ status: 400, message: expect.stringContaining('query.measures[0]') });
  });
});
