import type { Server } from 'node:http';
import path from 'node:path';
import cube, { HttpTransport, type ResultSet } from '@cubejs-client/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readRepository } from '../../src/reference/analytics/repository/read-fixture-repositories.ts';
import { manualClock } from '../../src/reference/platform/clock.ts';
import { createReference } from '../../src/reference/reference.ts';
import { createReferenceServer, listen } from '../../src/reference/server.ts';

let server: Server;
let apiUrl: string;

beforeAll(async () => {
  const repository = await readRepository(path.resolve(import.meta.dirname, '../../content/examples/demo-app'));
  const reference = createReference({
    clock: manualClock('2024-06-01T00:00:00Z'),
    analytics: { repositories: { 1: repository }, sample: true },
  });
  server = createReferenceServer(reference.handlers);
  const base = await listen(server, 0);
  apiUrl = `${base}/api/v4/projects/1/product_analytics/request`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

/** The query-layer client as the platform's dashboards configure it: HTTP transport, POST, the token raw. */
const client = (token = 'demo-read-token') =>
  cube(token, { apiUrl, transport: new HttpTransport({ authorization: token, apiUrl, method: 'POST' }) });

describe('@cubejs-client/core against endpoint 1 over real HTTP', () => {
  it('loads a daily series and reads it through ResultSet', async () => {
    const resultSet: ResultSet = await client().load({
      measures: ['TrackedEvents.pageViewsCount', 'TrackedEvents.uniqueUsersCount'],
      timeDimensions: [{ dimension: 'TrackedEvents.utcTime', granularity: 'day', dateRange: 'last 7 days' }],
    });
    const rows = resultSet.tablePivot();
    expect(rows).toHaveLength(7);
    expect(rows[0]).toHaveProperty('TrackedEvents.utcTime.day', '2024-05-25T00:00:00.000');
    expect(Number(rows[0]?.['TrackedEvents.pageViewsCount'])).toBeGreaterThan(0);
    const series = resultSet.chartPivot();
    expect(series).toHaveLength(7);
    expect(series[0]?.x).toBe('2024-05-25T00:00:00.000');
    expect(resultSet.seriesNames().map((series) => series.key)).toEqual([
      'TrackedEvents.pageViewsCount',
      'TrackedEvents.uniqueUsersCount',
    ]);
  });

  it('loads the completed_purchase funnel by step', async () => {
    const resultSet = await client('demo-developer-token').load({
      measures: ['completed_purchase.count'],
      dimensions: ['completed_purchase.step'],
      order: { 'completed_purchase.step': 'asc' },
    });
    expect(resultSet.tablePivot().map((row) => row['completed_purchase.step'])).toEqual([
      'view_products',
      'open_cart',
      'start_checkout',
      'purchase',
    ]);
  });

  it('loads several queries at once', async () => {
    const resultSet = await client().load([
      { measures: ['TrackedEvents.count'] },
      { measures: ['TrackedEvents.uniqueUsersCount'] },
    ]);
    expect(resultSet.decompose()).toHaveLength(2);
  });

  it('surfaces a 400 message as the client error', async () => {
    await expect(client().load({ measures: ['TrackedEvents.count'], limit: 60_000 })).rejects.toThrow(
      /paginate with limit and offset/,
    );
    await expect(client().load({ measures: ['TrackedEvents.visits'] })).rejects.toThrow(
      /TrackedEvents\.visits is not a member of TrackedEvents/,
    );
  });
});
