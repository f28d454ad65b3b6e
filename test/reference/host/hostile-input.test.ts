/**
 * Hostile input over real HTTP: each request here once hung the server, answered 500 or was read whole into
 * memory. Every one now gets a 4xx with a JSON message, in bounded time.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_BATCH_EVENTS, PAYLOAD_DATA_SCHEMA } from '../../../src/reference/analytics/collector/tp2-payload.ts';
import { MAX_FILTER_DEPTH, MAX_QUERIES_PER_REQUEST } from '../../../src/reference/analytics/query/query-bounds.ts';
import { COLLECTOR_BODY_BYTES, JSON_BODY_BYTES } from '../../../src/reference/host/body-limits.ts';
import { type HttpHost, rawExchange, startHost } from './http-host.ts';

let host: HttpHost;
beforeAll(async () => {
  host = await startHost();
});
afterAll(() => host.close());

const LOAD = '/api/v4/projects/1/product_analytics/request/load';
const load = (body: unknown, query = '') =>
  fetch(`${host.base}${LOAD}${query}`, {
    method: 'POST',
    headers: { 'PRIVATE-TOKEN': 'demo-read-token', 'Content-Type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
const monthQuery = (timezone: string) => ({
  query: {
    measures: ['TrackedEvents.count'],
    timeDimensions: [{ dimension: 'TrackedEvents.utcTime', granularity: 'month' }],
    timezone,
  },
});

async function expectJson4xx(response: Response, status: number, message: RegExp): Promise<void> {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toMatch(/application\/json/);
  expect(((await response.json()) as { message: string }).message).toMatch(message);
}

describe('hostile event times', () => {
  it('refuses far-off ttm on the pixel and the tp2 body, and time queries stay fast in any zone', async () => {
    for (const ttm of ['1e300', '8640000000000000', '9e15']) {
      await expectJson4xx(await fetch(`${host.base}/i?e=pv&aid=demo-app&ttm=${ttm}`), 400, /query\.ttm: .*outside the accepted/);
      const batch = JSON.stringify({ schema: PAYLOAD_DATA_SCHEMA, data: [{ e: 'pv', aid: 'demo-app', ttm }] });
      const posted = await fetch(`${host.base}/com.snowplowanalytics.snowplow/tp2`, { method: 'POST', body: batch });
      await expectJson4xx(posted, 400, /data\[0\]\.ttm/);
    }
    // The earliest accepted time and a normal one are stored; month buckets still come back in any zone.
    expect((await fetch(`${host.base}/i?e=pv&aid=demo-app&ttm=${Date.UTC(2000, 0, 1)}`)).status).toBe(200);
    expect((await fetch(`${host.base}/i?e=pv&aid=demo-app`)).status).toBe(200);
    for (const zone of ['UTC', 'Europe/Berlin']) {
      const response = await load(monthQuery(zone));
      expect(response.status).toBe(200);
      const rows = ((await response.json()) as { data: Record<string, string>[] }).data;
      expect(rows.length).toBeGreaterThanOrEqual(2);
    }
  });
});

describe('bounded queries', () => {
  it(`runs a list of ${MAX_QUERIES_PER_REQUEST} queries and refuses one more`, async () => {
    const one = { measures: ['TrackedEvents.count'] };
    const at = await load({ query: Array(MAX_QUERIES_PER_REQUEST).fill(one) }, '?queryType=multi');
    expect(at.status).toBe(200);
    expect(((await at.json()) as { results: unknown[] }).results).toHaveLength(MAX_QUERIES_PER_REQUEST);
    await expectJson4xx(
      await load({ query: Array(1000).fill(one) }, '?queryType=multi'),
      400,
      /the list holds 1000 queries; one request runs at most 20/,
    );
  });

  it('refuses a list whose rows together pass the one-request maximum of 50,000', async () => {
    const own = await startHost();
    try {
      const start = Date.now() - 3_600_000;
      for (let batch = 0; batch < 26; batch++) {
        const data = Array.from({ length: 1000 }, (_, index) => ({
          e: 'pv',
          aid: 'demo-app',
          ttm: String(start + batch * 1000 + index),
        }));
        const body = JSON.stringify({ schema: PAYLOAD_DATA_SCHEMA, data });
        expect((await fetch(`${own.base}/com.snowplowanalytics.snowplow/tp2`, { method: 'POST', body })).status).toBe(200);
      }
      const wide = { dimensions: ['TrackedEvents.utcTime'], limit: 50_000 };
      const send = (query: unknown) =>
        fetch(`${own.base}${LOAD}?queryType=multi`, {
          method: 'POST',
          headers: { 'PRIVATE-TOKEN': 'demo-read-token', 'Content-Type': 'application/json' },
          body: JSON.stringify({ query }),
        });
      const one = await send([wide]);
      expect(((await one.json()) as { results: { data: unknown[] }[] }).results[0]?.data).toHaveLength(26_000);
      await expectJson4xx(
        await send([wide, wide]),
        400,
        /the 2 queries return 52000 rows together; one request returns at most 50000/,
      );
    } finally {
      await own.close();
    }
  });

  it(`refuses filters nested deeper than ${MAX_FILTER_DEPTH} levels, and runs ${MAX_FILTER_DEPTH}`, async () => {
    const leaf = { member: 'TrackedEvents.eventType', operator: 'equals', values: ['pageview'] };
    // Written as text: JSON.stringify itself overflows the stack on the deepest of these.
    const body = (depth: number) =>
      `{"query":{"measures":["TrackedEvents.count"],"filters":[${'{"and":['.repeat(depth)}${JSON.stringify(leaf)}${']}'.repeat(depth)}]}}`;
    const ok = await load(body(MAX_FILTER_DEPTH));
    expect(ok.status).toBe(200);
    for (const depth of [MAX_FILTER_DEPTH + 1, 1000, 20_000]) {
      await expectJson4xx(
        await load(body(depth)),
        400,
        /query\.filters\[0\](\.and\[0\])+\.and: filter groups are nested more than 10 levels/,
      );
    }
  });

  it('refuses relative date ranges past the year 9999', async () => {
    const query = {
      measures: ['TrackedEvents.count'],
      timeDimensions: [{ dimension: 'TrackedEvents.utcTime', granularity: 'year', dateRange: 'last 300000 years' }],
    };
    await expectJson4xx(await load({ query }), 400, /reaches outside the years 0001 to 9999/);
  });
});

describe('methods and headers', () => {
  it('answers TRACE and other unknown methods with a JSON 405 naming the allowed ones', async () => {
    for (const method of ['TRACE', 'PROPFIND']) {
      const answer = await rawExchange(host.port, `${method} ${LOAD} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
      expect(answer.status, method).toBe(405);
      expect(answer.text).toMatch(/allow: GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS/i);
      expect(answer.text).toMatch(/"message":"405 Method Not Allowed: the reference implementation does not answer/);
    }
  });

  it('sends X-Content-Type-Options: nosniff on every answer', async () => {
    const answers = [
      await fetch(`${host.base}/i?e=pv&aid=demo-app`),
      await fetch(`${host.base}/nowhere`),
      await load({ query: { measures: ['TrackedEvents.count'] } }),
      await fetch(`${host.base}${LOAD}`, { method: 'DELETE' }),
    ];
    for (const answer of answers) expect(answer.headers.get('x-content-type-options'), answer.url).toBe('nosniff');
  });
});

describe('body limits while streaming', () => {
  const ENVELOPE = '/api/v4/error_tracking/collector/api/1/envelope/';

  it('answers a declared Content-Length over the limit with 413 at once, without waiting for the body', async () => {
    const started = Date.now();
    const answer = await rawExchange(host.port, `POST ${ENVELOPE} HTTP/1.1\r\nHost: x\r\nContent-Length: 104857600\r\n\r\nabc`);
    expect(answer.status).toBe(413);
    expect(answer.text).toMatch(/"message":"413 Payload Too Large: the request body declares 104857600 bytes/);
    expect(answer.closedByServer).toBe(true);
    expect(Date.now() - started).toBeLessThan(4000);
  });

  it('counts the bytes of a chunked body and stops reading at the limit: 413 and the connection closed', async () => {
    const chunk = Buffer.alloc(64 * 1024, 'a');
    function* body() {
      // 200 MiB if the server kept reading; it stops after 1 MiB.
      for (let index = 0; index < 3200; index++)
        yield Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from('\r\n')]);
    }
    const head = `POST ${ENVELOPE} HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n`;
    const answer = await rawExchange(host.port, head, body());
    expect(answer.status).toBe(413);
    expect(answer.text).toMatch(/passed 1048576 bytes while being read; error-tracking ingestion takes at most 1048576 bytes/);
    expect(answer.closedByServer).toBe(true);
  });

  it('limits the collector and the JSON endpoints by bytes, and the collector by events per batch', async () => {
    const big = (bytes: number) =>
      JSON.stringify({ schema: PAYLOAD_DATA_SCHEMA, data: [{ e: 'pv', aid: 'demo-app', page: 'x'.repeat(bytes) }] });
    const collector = `${host.base}/com.snowplowanalytics.snowplow/tp2`;
    await expectJson4xx(
      await fetch(collector, { method: 'POST', body: big(COLLECTOR_BODY_BYTES) }),
      413,
      /the event collector takes at most 1048576 bytes/,
    );
    const many = JSON.stringify({
      schema: PAYLOAD_DATA_SCHEMA,
      data: Array(MAX_BATCH_EVENTS + 1).fill({ e: 'pv', aid: 'demo-app' }),
    });
    await expectJson4xx(
      await fetch(collector, { method: 'POST', body: many }),
      400,
      /the batch holds 5001 events; the collector takes at most 5000/,
    );
    const most = JSON.stringify({
      schema: PAYLOAD_DATA_SCHEMA,
      data: Array(MAX_BATCH_EVENTS).fill({ e: 'pv', aid: 'demo-app' }),
    });
    expect((await fetch(collector, { method: 'POST', body: most })).status).toBe(200);
    const padded = JSON.stringify({ query: { measures: ['TrackedEvents.count'] }, pad: 'x'.repeat(JSON_BODY_BYTES) });
    await expectJson4xx(await load(padded), 413, /API takes at most 262144 bytes/);
  });

  it('answers a body shorter than its Content-Length with a JSON 408 once the request time runs out', async () => {
    const quick = await startHost({}, { requestTimeoutMs: 500 });
    try {
      const started = Date.now();
      const answer = await rawExchange(
        quick.port,
        'POST /api/v4/projects/1/product_analytics/request/load HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{"q',
      );
      expect(answer.status).toBe(408);
      expect(answer.text).toMatch(/"message":"408: the request could not be read as HTTP/);
      expect(answer.closedByServer).toBe(true);
      expect(Date.now() - started).toBeLessThan(4000);
    } finally {
      await quick.close();
    }
  });
});
