/**
 * A load request's cost (rows scanned × time buckets, summed over its queries) is weighed before any query
 * runs, over real HTTP: at the limit it runs, one bucket past it is a 422 whose JSON body gives the cost and
 * the limit, and twenty second-granularity queries over days of events are refused without being run.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { PAYLOAD_DATA_SCHEMA } from '../../../src/reference/analytics/collector/tp2-payload.ts';
import { MAX_QUERY_COST } from '../../../src/reference/analytics/query/query-cost.ts';
import { type HttpHost, startHost } from './http-host.ts';

const LOAD = '/api/v4/projects/1/product_analytics/request/load';
const ROWS = 1000;
// Whole seconds, fourteen days back: every span below stays inside the collector's accepted window, and bucket
// edges fall on events.
const T0 = Math.floor((Date.now() - 14 * 86_400_000) / 1000) * 1000;

const hosts: HttpHost[] = [];
afterAll(async () => {
  await Promise.all(hosts.map((host) => host.close()));
});

/** A host whose project 1 holds exactly {@link ROWS} events, the first at T0 and the last `lastSecond` seconds later. */
async function hostSpanning(lastSecond: number): Promise<HttpHost> {
  const host = await startHost();
  hosts.push(host);
  const before = host.reference.analytics.state.store(1).size;
  const data = Array.from({ length: ROWS }, (_, index) => ({
    e: 'pv',
    aid: 'demo-app',
    ttm: String(T0 + Math.round((index * lastSecond) / (ROWS - 1)) * 1000),
  }));
  const posted = await fetch(`${host.base}/com.snowplowanalytics.snowplow/tp2`, {
    method: 'POST',
    body: JSON.stringify({ schema: PAYLOAD_DATA_SCHEMA, data }),
  });
  expect(posted.status).toBe(200);
  const store = host.reference.analytics.state.store(1);
  // The arithmetic below needs exactly these rows and this span, so a host with sample events would void it.
  expect(before).toBe(0);
  expect(store.size).toBe(ROWS);
  expect(store.timeRange()).toEqual([T0, T0 + lastSecond * 1000]);
  return host;
}

const bySecond = {
  measures: ['TrackedEvents.count'],
  timeDimensions: [{ dimension: 'TrackedEvents.utcTime', granularity: 'second' }],
};

function load(host: HttpHost, query: unknown): Promise<Response> {
  return fetch(`${host.base}${LOAD}?queryType=multi`, {
    method: 'POST',
    headers: { 'PRIVATE-TOKEN': 'demo-read-token', 'Content-Type': 'application/json' },
    body: JSON.stringify({ query }),
  });
}

interface Refusal {
  message: string;
  cost: number;
  limit: number;
  queries: { rows: number; buckets: number; cost: number }[];
}

async function expectRefused(response: Response, cost: number): Promise<Refusal> {
  expect(response.status).toBe(422);
  expect(response.headers.get('content-type')).toMatch(/application\/json/);
  const body = (await response.json()) as Refusal;
  expect(body.cost).toBe(cost);
  expect(body.limit).toBe(MAX_QUERY_COST);
  expect(body.message).toContain(`would cost ${cost}`);
  expect(body.message).toContain(`at most ${MAX_QUERY_COST}`);
  return body;
}

describe('the cost of a load request', () => {
  it('runs twenty second-granularity queries that cost exactly the limit (1,000 rows × 50,000 buckets × 20)', async () => {
    expect(ROWS * 50_000 * 20).toBe(MAX_QUERY_COST);
    const host = await hostSpanning(49_999);
    const response = await load(host, Array(20).fill(bySecond));
    expect(response.status).toBe(200);
    const body = (await response.json()) as { results: { data: unknown[] }[] };
    expect(body.results).toHaveLength(20);
    // Each result has one row per second holding an event: the events' seconds are distinct here.
    for (const result of body.results) expect(result.data).toHaveLength(ROWS);
  });

  it('refuses with 422 one bucket past the limit, giving the cost, the limit and each query', async () => {
    const host = await hostSpanning(50_000);
    const refusal = await expectRefused(await load(host, Array(20).fill(bySecond)), ROWS * 50_001 * 20);
    expect(refusal.queries).toHaveLength(20);
    expect(refusal.queries[0]).toEqual({ rows: ROWS, buckets: 50_001, cost: ROWS * 50_001 });
    // Crossing back under: nineteen of the same queries, or the twentieth narrowed to the first hour by its date range.
    expect((await load(host, Array(19).fill(bySecond))).status).toBe(200);
    const narrowed = {
      ...bySecond,
      timeDimensions: [
        {
          dimension: 'TrackedEvents.utcTime',
          granularity: 'second',
          dateRange: [new Date(T0).toISOString().slice(0, 19), new Date(T0 + 3_599_000).toISOString().slice(0, 19)],
        },
      ],
      timezone: 'UTC',
    };
    const mixed = await load(host, [...Array(19).fill(bySecond), narrowed]);
    expect(mixed.status).toBe(200);
  });

  it('refuses the 20-query second-granularity request over three days of events before running it', async () => {
    const host = await hostSpanning(3 * 86_400);
    const refusal = await expectRefused(await load(host, Array(20).fill(bySecond)), ROWS * (3 * 86_400 + 1) * 20);
    expect(refusal.queries.every((each) => each.buckets === 3 * 86_400 + 1)).toBe(true);
    // The same dashboard by hour costs 1,000 × 73 × 20 and runs.
    const byHour = {
      ...bySecond,
      timeDimensions: [{ dimension: 'TrackedEvents.utcTime', granularity: 'hour' }],
      timezone: 'UTC',
    };
    const hourly = await load(host, Array(20).fill(byHour));
    expect(hourly.status).toBe(200);
    const rows = ((await hourly.json()) as { results: { data: unknown[] }[] }).results[0]?.data;
    expect(rows?.length).toBeLessThanOrEqual(73);
    // A plain (not multi) request is weighed the same way.
    const single = await fetch(`${host.base}${LOAD}`, {
      method: 'POST',
      headers: { 'PRIVATE-TOKEN': 'demo-read-token', 'Content-Type': 'application/json' },
      body: JSON.stringify({ query: bySecond }),
    });
    expect(single.status).toBe(200);
  });

  it('weighs a single query alone: 10^6 second buckets of 1,000 rows run, one more is refused', async () => {
    const equal = await hostSpanning(999_999);
    expect((await load(equal, [bySecond])).status).toBe(200);
    const over = await hostSpanning(1_000_000);
    await expectRefused(await load(over, [bySecond]), ROWS * 1_000_001);
    const plain = await fetch(`${over.base}${LOAD}`, {
      method: 'POST',
      headers: { 'PRIVATE-TOKEN': 'demo-read-token', 'Content-Type': 'application/json' },
      body: JSON.stringify({ query: bySecond }),
    });
    await expectRefused(plain, ROWS * 1_000_001);
  });
});
