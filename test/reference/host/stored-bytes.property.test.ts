/**
 * No request can make the data directory grow by more than a fixed multiple of what it sent: for random
 * accepted requests of every kind that stores (error events plain and compressed, envelopes with sessions,
 * collector batches with cookies, the pixel, client keys, settings), sent on a raw socket so every byte
 * received is counted (request line, headers and body as sent), the bytes the file's rows hold grow by at most
 * {@link MULTIPLE} times that. Envelopes carry random items of every type with fields of random sizes (session
 * ids, releases and environments up to tens of thousands of characters, up to 1,000 aggregate rows sharing one
 * release). Issues are the one exception by design: one per error, its description bounded
 * (`bounds.test.ts`), made from what the error's events already stored.
 */
import { gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYLOAD_DATA_SCHEMA } from '../../../src/reference/analytics/collector/tp2-payload.ts';
import type { RunningServer } from '../../../src/reference/start-server.ts';
import { scratchDir, startDurable, storedBytes } from './durable-host.ts';
import { rawExchange } from './http-host.ts';

const MULTIPLE = 4;
const RUNS = 300;

let server: RunningServer;
let dir: string;
let remove: () => void;
let key = '';
beforeAll(async () => {
  ({ dir, remove } = scratchDir('sunset-bytes-'));
  server = await startDurable(dir);
  const created = await fetch(`${server.url}/api/v4/projects/1/error_tracking/client_keys`, {
    method: 'POST',
    headers: { 'PRIVATE-TOKEN': 'demo-maintainer-token' },
  });
  key = ((await created.json()) as { public_key: string }).public_key;
});
afterAll(async () => {
  await server.close();
  remove();
});

interface Sent {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
}

/** Text that is sometimes plain, sometimes one character many times over (which compresses well). */
const text = (max: number) =>
  fc.oneof(
    fc.string({ maxLength: 40 }),
    fc
      .tuple(fc.constantFrom('x', 'ab', '\u00e9', '\ud83d\ude00'), fc.integer({ min: 1, max: max }))
      .map(([unit, count]) => unit.repeat(count)),
  );
const frame = fc.record({ function: text(300), filename: text(300), lineno: fc.nat(10_000) }, { requiredKeys: [] });
const errorEvent = fc.record(
  {
    message: text(20_000),
    exception: fc
      .array(
        fc.record({
          type: text(400),
          value: text(10_000),
          stacktrace: fc.record({ frames: fc.array(frame, { maxLength: 150 }) }),
        }),
        {
          maxLength: 12,
        },
      )
      .map((values) => ({ values })),
    user: fc.record({ id: text(300), ip_address: fc.constant('{{auto}}') }, { requiredKeys: [] }),
    fingerprint: fc.array(text(300), { minLength: 1, maxLength: 30 }),
    release: text(300),
    breadcrumbs: fc.array(fc.record({ message: text(500) }), { maxLength: 50 }).map((values) => ({ values })),
    extra: fc.dictionary(fc.string({ maxLength: 10 }), text(2000)),
  },
  { requiredKeys: [] },
);

const ingestion = fc
  .record({ event: errorEvent, envelope: fc.boolean(), gzip: fc.boolean(), sessions: fc.nat(300) })
  .map(({ event, envelope, gzip, sessions }): Sent => {
    const json = JSON.stringify(event);
    const aggregates = JSON.stringify({ aggregates: Array.from({ length: sessions }, () => ({ exited: 1 })) });
    const plain = envelope
      ? `{}\n{"type":"event"}\n${json}\n${sessions > 0 ? `{"type":"sessions"}\n${aggregates}\n` : ''}`
      : json;
    const body = gzip ? gzipSync(plain) : Buffer.from(plain);
    const headers: Record<string, string> = { 'X-Sentry-Auth': `Sentry sentry_key=${key}` };
    if (gzip) headers['Content-Encoding'] = 'gzip';
    return { method: 'POST', path: `/api/v4/error_tracking/collector/api/1/${envelope ? 'envelope' : 'store'}/`, headers, body };
  });

/** Payloads of every envelope item type, with fields of random sizes (a release up to 60,000 characters). */
const sessionItem = fc.record(
  {
    sid: text(3000),
    status: fc.constantFrom('ok', 'exited', 'crashed'),
    attrs: fc.record({ release: text(60_000), environment: text(3000) }),
  },
  { requiredKeys: ['sid'] },
);
const aggregatesItem = fc.record({
  aggregates: fc.array(fc.record({ exited: fc.nat(3), crashed: fc.nat(3) }, { requiredKeys: [] }), { maxLength: 1000 }),
  attrs: fc.record({ release: text(60_000), environment: text(3000) }, { requiredKeys: [] }),
});
const otherItem = fc.dictionary(fc.string({ maxLength: 10 }), text(5000), { maxKeys: 5 });
const envelopeItem = fc.oneof(
  errorEvent.map((payload) => ['event', payload] as const),
  sessionItem.map((payload) => ['session', payload] as const),
  aggregatesItem.map((payload) => ['sessions', payload] as const),
  fc
    .tuple(
      fc.constantFrom('transaction', 'attachment', 'client_report', 'profile', 'check_in', 'user_report', 'made_up'),
      otherItem,
    )
    .map(([type, payload]) => [type, payload] as const),
);
const envelopeItems = fc
  .record({ items: fc.array(envelopeItem, { minLength: 1, maxLength: 6 }), gzip: fc.boolean() })
  .map(({ items, gzip }): Sent => {
    const plain = `{}\n${items.map(([type, payload]) => `{"type":"${type}"}\n${JSON.stringify(payload)}\n`).join('')}`;
    const headers: Record<string, string> = { 'X-Sentry-Auth': `Sentry sentry_key=${key}` };
    if (gzip) headers['Content-Encoding'] = 'gzip';
    const body = gzip ? gzipSync(plain) : Buffer.from(plain);
    return { method: 'POST', path: '/api/v4/error_tracking/collector/api/1/envelope/', headers, body };
  });

const trackerEvent = fc.record(
  {
    e: fc.constantFrom('pv', 'se'),
    aid: fc.constant('demo-app'),
    url: text(3000).map((path) => `https://shop.example.com/${encodeURIComponent(path)}`),
    page: text(3000),
    duid: text(200),
    ua: text(2000),
  },
  { requiredKeys: ['e', 'aid'] },
);
const collector = fc
  .record({ events: fc.array(trackerEvent, { minLength: 1, maxLength: 200 }), cookie: fc.option(text(300), { nil: undefined }) })
  .map(
    ({ events, cookie }): Sent => ({
      method: 'POST',
      path: '/com.snowplowanalytics.snowplow/tp2',
      headers: cookie === undefined ? {} : { Cookie: `sp=${encodeURIComponent(cookie)}` },
      body: Buffer.from(JSON.stringify({ schema: PAYLOAD_DATA_SCHEMA, data: events })),
    }),
  );
const pixel = trackerEvent.map((event): Sent => ({ method: 'GET', path: `/i?${new URLSearchParams(event)}`, headers: {} }));
const writes = fc.oneof(
  fc.constant<Sent>({
    method: 'POST',
    path: '/api/v4/projects/1/error_tracking/client_keys',
    headers: { 'PRIVATE-TOKEN': 'demo-maintainer-token' },
  }),
  text(2000).map(
    (path): Sent => ({
      method: 'PUT',
      path: '/api/v4/projects/1/product_analytics/settings',
      headers: { 'PRIVATE-TOKEN': 'demo-maintainer-token', 'Content-Type': 'application/json' },
      body: Buffer.from(JSON.stringify({ collector_host: `https://collector.example.com/${encodeURIComponent(path)}` })),
    }),
  ),
);

/** Sends a request on a raw socket; resolves with its status and the bytes sent. */
async function sendRaw(sent: Sent): Promise<{ status: number; bytes: number }> {
  const port = Number(new URL(server.url).port);
  const body = sent.body ?? Buffer.alloc(0);
  const lines = Object.entries(sent.headers).map(([name, value]) => `${name}: ${value}\r\n`);
  const length = sent.body ? `Content-Length: ${body.length}\r\n` : '';
  const head = `${sent.method} ${sent.path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n${lines.join('')}${length}Connection: close\r\n\r\n`;
  const answer = await rawExchange(port, head, body.length > 0 ? [body] : []);
  return { status: answer.status, bytes: Buffer.byteLength(head, 'latin1') + body.length };
}

describe('stored bytes', () => {
  it(`grow by at most ${MULTIPLE} times the bytes of any accepted request`, async () => {
    let accepted = 0;
    let worst = 0;
    await fc.assert(
      fc.asyncProperty(fc.oneof(ingestion, envelopeItems, collector, pixel, writes), async (sent) => {
        const before = await storedBytes(dir);
        const { status, bytes } = await sendRaw(sent);
        expect(status, `${sent.method} ${sent.path}`).toBeLessThan(500);
        if (status >= 300) return;
        accepted += 1;
        const grown = (await storedBytes(dir)) - before;
        worst = Math.max(worst, grown / bytes);
        expect(
          grown,
          `${sent.method} ${sent.path.slice(0, 80)}: ${grown} bytes stored for ${bytes} received`,
        ).toBeLessThanOrEqual(MULTIPLE * bytes);
      }),
      { numRuns: RUNS },
    );
    console.log(`stored bytes: ${accepted} of ${RUNS} requests accepted; at most ${worst.toFixed(2)}× the bytes received`);
    expect(accepted).toBeGreaterThan(RUNS / 2);
  }, 120_000);

  it('keeps each issue in a row of its own: creating the tenth writes one issue, not a list of ten', async () => {
    // Another user than the first test's: its requests count toward a rate limit of their own.
    const headers = { 'PRIVATE-TOKEN': 'demo-developer-token' };
    const growth: number[] = [];
    for (let index = 0; index < 10; index++) {
      const type = `RowError${index}`;
      const event = JSON.stringify({ exception: { values: [{ type, value: 'x'.repeat(2000) }] } });
      expect(
        (
          await sendRaw({
            method: 'POST',
            path: '/api/v4/error_tracking/collector/api/1/store/',
            headers: { 'X-Sentry-Auth': `Sentry sentry_key=${key}` },
            body: Buffer.from(event),
          })
        ).status,
      ).toBe(200);
      const errors = (await (
        await fetch(`${server.url}/api/v4/projects/1/error_tracking/errors?search=${type}`, { headers })
      ).json()) as { id: number }[];
      const before = await storedBytes(dir);
      const created = await fetch(`${server.url}/api/v4/projects/1/error_tracking/errors/${errors[0]?.id}/issue`, {
        method: 'POST',
        headers,
      });
      expect(created.status).toBe(201);
      growth.push((await storedBytes(dir)) - before);
    }
    expect(growth.at(-1)).toBeLessThan(1.2 * (growth[0] as number));
    const { DatabaseSync } = await import('node:sqlite');
    const db = new DatabaseSync(`${dir}/reference.sqlite`, { readOnly: true });
    const rows = db.prepare("SELECT COUNT(*) AS n FROM state WHERE key LIKE 'error-tracking/issues/%'").get() as { n: number };
    db.close();
    expect(rows.n).toBe(10);
  });
});
