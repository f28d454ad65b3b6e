/**
 * What the local server accepts it can always load again, as a property over random histories: random
 * requests of every kind that stores (envelopes with every item type, sessions and aggregates with extreme
 * times and fields, store events, collector batches with extreme times, client keys, settings), sent over real
 * HTTP to a server on a data directory, which is then killed and started again on the same directory. Every
 * history asserts that the start succeeds with nothing quarantined (no accepted row fails the start's check),
 * that the restarted server holds exactly what the live one held, and that every acknowledged event is there.
 * The kill is the in-process one of `crash-consistency.property.test.ts` (sockets dropped, database closed);
 * requests are sent one at a time, so each is answered before it.
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { PAYLOAD_DATA_SCHEMA } from '../../../src/reference/analytics/collector/tp2-payload.ts';
import type { RunningServer } from '../../../src/reference/start-server.ts';
import { scratchDir, startDurable } from './durable-host.ts';

const RUNS = Number(process.env.ACCEPTED_RUNS ?? 200);
const MAINTAINER = { 'PRIVATE-TOKEN': 'demo-maintainer-token', 'Content-Type': 'application/json' };

/**
 * Times as SDKs and attackers send them: seconds, milliseconds by mistake, the last second `Date` holds and the
 * one after it, numbers past any date, numeric strings, ISO dates at and past the ends of time, junk.
 */
const DAY_S = 86_400;
const recent = fc.integer({ min: -30 * DAY_S, max: DAY_S }).map((offset) => Math.floor(Date.now() / 1000) + offset);
const time = fc.oneof(
  { arbitrary: recent, weight: 3 },
  { arbitrary: fc.constantFrom(0, 1.7e9, 1e13, 1e306, 8.64e12, 8.640000000001e12, Number.MAX_VALUE), weight: 3 },
  fc.constantFrom('99999999999999', '1700000000.5', '8640000000000', '8640000000001', '1e400'),
  fc.constantFrom('2026-01-01T00:00:00Z', '+275760-09-13T00:00:00.000Z', '+275760-09-13T00:00:00.001Z', '-271821-04-20'),
  fc.constantFrom('not a time', true, null, {}, -1),
  fc.double(),
);

/** Whether an event sent with this time must be kept once acknowledged: it has none, or one well inside retention. */
const withinRetention = (value: unknown): boolean =>
  value === undefined || (typeof value === 'number' && Math.abs(value - Date.now() / 1000) < 60 * DAY_S);

/** Field text: short, with lone surrogates and controls, long, or the `{{auto}}` placeholder. */
const text = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.string({ unit: 'binary', maxLength: 12 }),
  fc.constantFrom('\ud800', 'a\udfffb', '\u0000', '{{auto}}'),
  fc.integer({ min: 200, max: 5000 }).map((n) => 'r'.repeat(n)),
);
const maybe = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: undefined });

const eventPayload = (marker: string) =>
  fc
    .record({
      timestamp: maybe(time),
      release: maybe(text),
      environment: maybe(text),
      user: maybe(fc.record({ id: maybe(text), email: maybe(text), ip_address: maybe(text) })),
      tags: maybe(fc.dictionary(fc.string({ maxLength: 5 }), text, { maxKeys: 3 })),
      fingerprint: maybe(fc.array(text, { minLength: 1, maxLength: 3 })),
      level: maybe(fc.oneof(text, fc.constantFrom('error', 'fatal'))),
    })
    .map((fields) => ({ message: marker, ...fields }));

const sessionPayload = fc.record({
  sid: fc.oneof({ arbitrary: fc.uuid(), weight: 3 }, text),
  started: maybe(time),
  status: maybe(fc.oneof({ arbitrary: fc.constantFrom('ok', 'exited', 'crashed', 'abnormal', 'errored'), weight: 4 }, text)),
  errors: maybe(fc.oneof(fc.nat(), fc.constant(-1))),
  attrs: maybe(fc.record({ release: maybe(text), environment: maybe(text) })),
});
const aggregatesPayload = fc.record({
  aggregates: fc.array(
    fc.record({
      started: maybe(time),
      exited: maybe(fc.oneof(fc.nat(5), fc.constant(-1), fc.constant(1.5))),
      errored: maybe(fc.nat(5)),
      crashed: maybe(fc.nat(5)),
    }),
    { maxLength: 30 },
  ),
  attrs: maybe(fc.record({ release: maybe(text), environment: maybe(text) })),
});
const otherPayload = fc.dictionary(fc.string({ maxLength: 5 }), fc.oneof(text, time), { maxKeys: 3 });

type Item = { type: string; payload: unknown; withLength: boolean };
const ITEM_TYPES = [
  'event',
  'session',
  'sessions',
  'transaction',
  'attachment',
  'client_report',
  'profile',
  'check_in',
  'user_report',
  'made_up',
] as const;
/** The payload an item of `type` carries, mostly of its own shape and sometimes of another's. */
const payloadOf = (type: string): fc.Arbitrary<unknown> => {
  const own =
    type === 'event'
      ? eventPayload('m')
      : type === 'session'
        ? sessionPayload
        : type === 'sessions'
          ? aggregatesPayload
          : otherPayload;
  return fc.oneof(
    { arbitrary: own, weight: 4 },
    { arbitrary: fc.oneof(eventPayload('m'), sessionPayload, aggregatesPayload), weight: 1 },
  );
};
const item: fc.Arbitrary<Item> = fc
  .constantFrom(...ITEM_TYPES)
  .chain((type) => fc.record({ type: fc.constant(type), withLength: fc.boolean(), payload: payloadOf(type) }));

type Request =
  | { kind: 'envelope'; items: Item[] }
  | { kind: 'store'; payload: Record<string, unknown> }
  | { kind: 'collector'; events: { ttm?: unknown; dtm?: unknown; page?: string; url: string }[] }
  | { kind: 'key'; remove: boolean }
  | { kind: 'setting'; host: string };

let serial = 0;
const request: fc.Arbitrary<Request> = fc.oneof(
  {
    arbitrary: fc.array(item, { minLength: 1, maxLength: 4 }).map((items) => ({ kind: 'envelope' as const, items })),
    weight: 5,
  },
  { arbitrary: eventPayload('m').map((payload) => ({ kind: 'store' as const, payload })), weight: 2 },
  {
    arbitrary: fc
      .array(
        fc.record({
          ttm: maybe(fc.oneof(time, fc.constantFrom('1700000000000', '8640000000000001'))),
          dtm: maybe(time),
          page: maybe(fc.string({ maxLength: 300 })),
          url: fc.constantFrom('https://s.example.com/a', 'https://s.example.com/b?q=1'),
        }),
        { minLength: 1, maxLength: 4 },
      )
      .map((events) => ({ kind: 'collector' as const, events })),
    weight: 2,
  },
  { arbitrary: fc.boolean().map((remove) => ({ kind: 'key' as const, remove })), weight: 1 },
  { arbitrary: fc.string({ maxLength: 30 }).map((host) => ({ kind: 'setting' as const, host: `https://${host}` })), weight: 1 },
);

/**
 * An envelope's bytes; every event payload gets a fresh marker and id, so each is known by them, noted in
 * `markers` with whether it must be kept once acknowledged (its time, if any, is well inside retention).
 */
function envelope(items: Item[], markers: Map<string, boolean>): string {
  const lines = ['{}'];
  for (const { type, payload, withLength } of items) {
    let body = payload;
    if (type === 'event' && typeof payload === 'object' && payload !== null && 'message' in payload) {
      const eventId = crypto.randomUUID().replaceAll('-', '');
      markers.set(eventId, withinRetention((payload as { timestamp?: unknown }).timestamp));
      body = { ...payload, message: `Loads${serial++}`, event_id: eventId };
    }
    const text = JSON.stringify(body);
    lines.push(JSON.stringify(withLength ? { type, length: Buffer.byteLength(text) } : { type }), text);
  }
  return `${lines.join('\n')}\n`;
}

/** Sends one request; fails the history on any 5xx, which no input may cause. */
async function send(base: string, key: string, current: Request, sent: Map<string, boolean>): Promise<void> {
  const auth = { 'X-Sentry-Auth': `Sentry sentry_key=${key}` };
  const markers = new Map<string, boolean>();
  let response: Response;
  switch (current.kind) {
    case 'envelope':
      response = await fetch(`${base}/api/v4/error_tracking/collector/api/1/envelope/`, {
        method: 'POST',
        headers: auth,
        body: envelope(current.items, markers),
      });
      break;
    case 'store': {
      const eventId = crypto.randomUUID().replaceAll('-', '');
      markers.set(eventId, withinRetention(current.payload.timestamp));
      response = await fetch(`${base}/api/v4/error_tracking/collector/api/1/store/`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({ ...current.payload, message: `Loads${serial++}`, event_id: eventId }),
      });
      break;
    }
    case 'collector': {
      const data = current.events.map((event) => ({
        e: 'pv',
        aid: 'demo-app',
        ...Object.fromEntries(
          Object.entries(event).map(([name, value]) => [name, value === undefined ? undefined : String(value)]),
        ),
      }));
      response = await fetch(`${base}/com.snowplowanalytics.snowplow/tp2`, {
        method: 'POST',
        body: JSON.stringify({ schema: PAYLOAD_DATA_SCHEMA, data }),
      });
      break;
    }
    case 'key': {
      const keys = '/api/v4/projects/1/error_tracking/client_keys';
      response = current.remove
        ? await fetch(`${base}${keys}/999`, { method: 'DELETE', headers: MAINTAINER })
        : await fetch(`${base}${keys}`, { method: 'POST', headers: MAINTAINER });
      break;
    }
    case 'setting':
      response = await fetch(`${base}/api/v4/projects/1/product_analytics/settings`, {
        method: 'PUT',
        headers: MAINTAINER,
        body: JSON.stringify({ collector_host: current.host }),
      });
  }
  const body = await response.text();
  if (process.env.DEBUG_LOADS) process.stderr.write(`LOAD ${current.kind} ${response.status} ${body.slice(0, 130)}\n`);
  expect(response.status, `${current.kind}: ${body.slice(0, 300)}`).toBeLessThan(500);
  if (response.status === 200) for (const [id, mustKeep] of markers) sent.set(id, mustKeep);
}

/** What a server holds, in a form two servers can be compared by. */
function holdings(server: RunningServer) {
  const { errors, sessions, keys } = server.reference.errors.state;
  return {
    errors: errors.list(1).map((record) => ({
      id: record.id,
      status: record.status,
      events: record.occurrences.map((occurrence) => occurrence.eventId),
      latest: record.latest,
    })),
    sessions: sessions.summary(1),
    keys: keys.all(),
    tracked: server.reference.analytics.state.store(1).size,
  };
}

const scratch: (() => void)[] = [];
afterAll(() => {
  for (const remove of scratch) remove();
});

describe('what the data directory accepts, it loads again', () => {
  it(`starts after every random history with nothing quarantined and everything acknowledged, over ${RUNS} histories`, async () => {
    let acknowledged = 0;
    let sessions = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(request, { minLength: 1, maxLength: 5 }), async (history) => {
        const { dir, remove } = scratchDir('sunset-loads-');
        scratch.push(remove);
        let server = await startDurable(dir);
        try {
          const created = await fetch(`${server.url}/api/v4/projects/1/error_tracking/client_keys`, {
            method: 'POST',
            headers: MAINTAINER,
          });
          const key = ((await created.json()) as { public_key: string }).public_key;
          const sent = new Map<string, boolean>();
          for (const current of history) await send(server.url, key, current, sent);
          const live = holdings(server);
          sessions += live.sessions.total;
          await server.close();
          server = await startDurable(dir);
          expect(server.notices, 'nothing quarantined').toEqual([]);
          expect(holdings(server)).toEqual(live);
          // An event whose own time is past retention is acknowledged and not kept (spec: 90 days); a recent one is.
          const kept = holdings(server).errors.flatMap((record) => record.events);
          for (const [id, mustKeep] of sent) {
            if (!mustKeep) continue;
            expect(
              kept.filter((candidate) => candidate === id),
              `event ${id} kept once`,
            ).toHaveLength(1);
            acknowledged += 1;
          }
        } finally {
          await server.close();
          remove();
        }
      }),
      { numRuns: RUNS },
    );
    console.log(
      `accepted loads: ${RUNS} histories, ${acknowledged} acknowledged events and ${sessions} sessions kept across a restart`,
    );
    expect(acknowledged).toBeGreaterThan(RUNS / 10);
    expect(sessions).toBeGreaterThan(RUNS / 20);
  }, 240_000);
});
