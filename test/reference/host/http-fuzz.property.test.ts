/**
 * Property test over the real HTTP host (sockets, the Node server, the handlers): whatever method, path,
 * headers and body arrive, the answer is never a 5xx, comes within 2 seconds, and every 4xx carries a JSON
 * message (fetch cannot send TRACE; hostile-input.test.ts sends it on a raw socket). The counts by status are printed, so a run shows what the requests reached.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYLOAD_DATA_SCHEMA } from '../../../src/reference/analytics/collector/tp2-payload.ts';
import { theRegister } from '../versioned/harness.ts';
import { type HttpHost, startHost } from './http-host.ts';

const RUNS = 400;
let host: HttpHost;
let dsnKey = 'none';

beforeAll(async () => {
  host = await startHost({ register: await theRegister() });
  const created = await fetch(`${host.base}/api/v4/projects/1/error_tracking/client_keys`, {
    method: 'POST',
    headers: { 'PRIVATE-TOKEN': 'demo-maintainer-token' },
  });
  dsnKey = ((await created.json()) as { public_key: string }).public_key;
});
afterAll(() => host.close());

// Mostly the demo project, so requests get past the 404 for an unknown project often.
const id = fc.oneof(
  { arbitrary: fc.constant('1'), weight: 3 },
  { arbitrary: fc.constantFrom('2', '01', '1e0', '0x1', '-1', '99999999999999999999', '%00', 'x'), weight: 1 },
);
const path = fc.oneof(
  fc.constantFrom(
    '/i',
    '/com.snowplowanalytics.snowplow/tp2',
    '/nowhere',
    '/api/v4/runners',
    '/api/v4/runners/reset_registration_token',
  ),
  id.map((p) => `/api/v4/projects/${p}/product_analytics/request/load`),
  id.map((p) => `/api/v4/projects/${p}/product_analytics/settings`),
  id.map((p) => `/api/v4/projects/${p}/product_analytics/onboarding`),
  id.map((p) => `/api/v4/groups/${p}/product_analytics/usage_quota`),
  id.map((p) => `/api/v4/projects/${p}/error_tracking/settings`),
  id.map((p) => `/api/v4/projects/${p}/error_tracking/client_keys`),
  fc.tuple(id, id).map(([p, k]) => `/api/v4/projects/${p}/error_tracking/client_keys/${k}`),
  fc.tuple(id, id).map(([p, e]) => `/api/v4/projects/${p}/error_tracking/errors/${e}`),
  fc.tuple(id, id).map(([p, e]) => `/api/v4/projects/${p}/error_tracking/errors/${e}/issue`),
  id.map((p) => `/api/v4/error_tracking/collector/api/${p}/envelope/`),
  id.map((p) => `/api/v4/error_tracking/collector/api/${p}/store/`),
  id.map((p) => `/api/v4/projects/${p}/ci/lint`),
);
const hostileTime = fc.constantFrom('1e300', '8640000000000000', '9e15', '-1', 'NaN', '', '946684800000');
const query = fc.record(
  {
    measures: fc.array(fc.constantFrom('TrackedEvents.count', 'TrackedEvents.uniqueUsersCount', 'x'), { maxLength: 2 }),
    dimensions: fc.array(fc.constantFrom('TrackedEvents.docPath', 'TrackedEvents.apiKey', 'TrackedEvents.utcTime'), {
      maxLength: 2,
    }),
    timeDimensions: fc.array(
      fc.record({
        dimension: fc.constant('TrackedEvents.utcTime'),
        granularity: fc.constantFrom('second', 'day', 'week', 'month', 'year'),
        dateRange: fc.oneof(
          fc.constantFrom('last 300000 years', 'last 7 days', 'this month', 'from 999999 days ago to now'),
          fc.tuple(fc.constantFrom('0001-01-01', '2024-01-01'), fc.constantFrom('9999-12-31', '2024-02-01')),
        ),
      }),
      { maxLength: 1 },
    ),
    timezone: fc.constantFrom('UTC', 'Europe/Berlin', 'Mars/Olympus'),
    limit: fc.constantFrom(1, 50_000, 50_001, -1),
    order: fc.constantFrom({ 'TrackedEvents.apiKey': 'asc' }, { 'TrackedEvents.utcTime': 'desc' }, { nope: 'up' }),
  },
  { requiredKeys: [] },
);
const body = fc.oneof(
  fc.constant(undefined),
  fc.string({ maxLength: 40 }),
  fc.json({ maxDepth: 3 }),
  query.map((q) => JSON.stringify({ query: q })),
  fc.array(query, { maxLength: 30 }).map((list) => JSON.stringify({ query: list, queryType: 'multi' })),
  fc.integer({ min: 1, max: 5000 }).map((depth) => `{"query":{"filters":[${'{"or":['.repeat(depth)}{}${']}'.repeat(depth)}]}}`),
  fc
    .array(fc.record({ e: fc.constantFrom('pv', 'ue', 'se', ''), aid: fc.constantFrom('demo-app', 'nope'), ttm: hostileTime }), {
      maxLength: 5,
    })
    .map((data) => JSON.stringify({ schema: PAYLOAD_DATA_SCHEMA, data })),
  fc.constantFrom(
    '{"title":"[x](javascript:alert(1))"}',
    '{"event_id":"0123456789abcdef0123456789abcdef"}\n{"type":"event"}\n{"exception":{"values":[{"type":"<img src=x onerror=alert(1)>"}]}}',
  ),
);
const token = fc.constantFrom(
  undefined,
  'demo-admin-token',
  'demo-read-token',
  'demo-developer-token',
  'bogus',
  ' demo-admin-token ',
);
const request = fc.record({
  method: fc.oneof(
    { arbitrary: fc.constantFrom('GET', 'POST'), weight: 3 },
    { arbitrary: fc.constantFrom('PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD', 'PROPFIND'), weight: 1 },
  ),
  path,
  search: fc.oneof(
    fc.constant(''),
    hostileTime.map((ttm) => `?e=pv&aid=demo-app&ttm=${ttm}`),
    fc.constantFrom('?queryType=multi', '?content_ref=main', `?sentry_key=KEY`, '?ref=main&sha=abc'),
  ),
  token,
  forwardedFor: fc.constantFrom(undefined, '203.0.113.9', 'garbage'),
  release: fc.constantFrom(undefined, '17.0', '18.0', '99.9'),
  body,
});

describe('the HTTP host under arbitrary requests', () => {
  it('never answers 5xx, answers within 2 s, and gives every 4xx a JSON message', async () => {
    const counts = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(request, async (sent) => {
        const headers: Record<string, string> = { 'content-type': 'application/json' };
        if (sent.token) headers['private-token'] = sent.token;
        if (sent.forwardedFor) headers['x-forwarded-for'] = sent.forwardedFor;
        if (sent.release) headers['x-platform-release'] = sent.release;
        if (sent.path.includes('/collector/')) headers['x-sentry-auth'] = `Sentry sentry_key=${dsnKey}`;
        const withBody = !['GET', 'HEAD', 'OPTIONS'].includes(sent.method);
        const started = performance.now();
        const response = await fetch(`${host.base}${sent.path}${sent.search.replace('KEY', dsnKey)}`, {
          method: sent.method,
          headers,
          body: withBody ? sent.body : undefined,
          signal: AbortSignal.timeout(5000),
        });
        const text = await response.text();
        const elapsed = performance.now() - started;
        counts.set(response.status, (counts.get(response.status) ?? 0) + 1);
        const where = `${sent.method} ${sent.path}${sent.search} → ${response.status} ${text.slice(0, 200)}`;
        expect(response.status, where).toBeLessThan(500);
        expect(elapsed, where).toBeLessThan(2000);
        if (response.status >= 400 && sent.method !== 'HEAD') {
          expect(response.headers.get('content-type'), where).toMatch(/json/);
          expect((JSON.parse(text) as { message?: unknown }).message, where).toEqual(expect.any(String));
        }
      }),
      { numRuns: RUNS },
    );
    const summary = [...counts].sort(([a], [b]) => a - b).map(([status, count]) => `${status}: ${count}`);
    console.log(`HTTP fuzz, ${RUNS} requests by status: ${summary.join(', ')}`);
    expect([...counts.values()].reduce((sum, count) => sum + count, 0)).toBe(RUNS);
    // The requests reach past authentication and routing: some succeed and several kinds of refusal occur.
    expect(counts.get(200)).toBeGreaterThan(0);
    expect([...counts.keys()].filter((status) => status >= 400).length).toBeGreaterThan(4);
  }, 120_000);
});
