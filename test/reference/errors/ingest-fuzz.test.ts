/**
 * Property-based tests: whatever arrives at the ingestion endpoints, the answer is 200 with an event id
 * or a 4xx with a message, and a refused request leaves the state exactly as it was.
 */
import { deflateSync, gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SDK_SAMPLES } from '../../../src/reference/errors/sdk-samples.ts';
import { createHarness, envelopeText, exceptionEvent } from './harness.ts';

const RUNS = 150;

async function setup() {
  const harness = createHarness('2025-03-10T12:30:00Z');
  const key = await harness.createKey();
  const { errors, sessions } = harness.reference.errors.state;
  const snapshot = () =>
    JSON.stringify({
      size: errors.size(),
      errors: errors.list(1).map((record) => [record.id, record.occurrences.length, record.users.size, record.latest.eventId]),
      sessions: sessions.summary(1),
    });
  /** Posts a body and checks the answer and the all-or-nothing rule. */
  const post = async (kind: 'envelope' | 'store', body: Uint8Array | string, encoding?: string) => {
    const before = snapshot();
    const headers: Record<string, string> = { 'x-sentry-auth': `Sentry sentry_key=${key.public_key}` };
    if (encoding !== undefined) headers['content-encoding'] = encoding;
    const response = await harness.call('POST', `/api/v4/error_tracking/collector/api/1/${kind}/`, { headers, body });
    const answer = await response.json();
    if (response.status === 200) {
      expect(answer).toEqual({ id: expect.stringMatching(/^[0-9a-f]{32}$/) });
    } else {
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
      expect(answer.message).toEqual(expect.any(String));
      expect(answer.message.length).toBeGreaterThan(10);
      expect(snapshot()).toBe(before);
    }
    return response.status;
  };
  return { ...harness, key, post };
}

const encodings = fc.constantFrom(undefined, '', 'gzip', 'deflate', 'identity', 'br');
const compress = (body: Uint8Array | string, encoding: string | undefined) =>
  encoding === 'gzip' ? gzipSync(body) : encoding === 'deflate' ? deflateSync(body) : body;

/** Values of every JSON type, to put where the reference expects one type. */
const anyJson = fc.jsonValue({ maxDepth: 3 });
const maybe = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: undefined });

/** Mostly a right value, sometimes anything. */
const mostly = <T>(right: fc.Arbitrary<T>) => fc.oneof({ arbitrary: right, weight: 6 }, { arbitrary: anyJson, weight: 1 });

/** Events whose fields are mostly right and sometimes of the wrong type. */
const events = fc.record(
  {
    event_id: maybe(mostly(fc.stringMatching(/^[0-9a-f]{32}$/))),
    timestamp: maybe(
      mostly(
        fc.oneof(
          fc.date({ noInvalidDate: true }).map((date) => date.toISOString()),
          fc.double({ min: 0, max: 2e9 }),
        ),
      ),
    ),
    platform: maybe(mostly(fc.constantFrom('node', 'go', 'python'))),
    message: maybe(mostly(fc.oneof(fc.string(), fc.record({ formatted: fc.string() })))),
    exception: maybe(
      mostly(
        fc.oneof(
          fc.constant(exceptionEvent('TypeError', 'f').exception),
          fc.array(
            fc.record({
              type: maybe(mostly(fc.string())),
              stacktrace: maybe(
                mostly(fc.record({ frames: fc.array(fc.record({ function: mostly(fc.string()), lineno: mostly(fc.nat()) })) })),
              ),
            }),
          ),
        ),
      ),
    ),
    user: maybe(
      mostly(fc.record({ id: maybe(mostly(fc.string())), ip_address: maybe(fc.constantFrom('{{auto}}', '10.0.0.1')) })),
    ),
    fingerprint: maybe(mostly(fc.array(fc.string()))),
    release: maybe(mostly(fc.string())),
  },
  { requiredKeys: [] },
);

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
  'x',
];

/** Envelopes of random items (events most often), with lengths that are right, missing or sometimes wrong. */
const envelopes = fc
  .array(
    fc.record({
      type: fc.oneof({ arbitrary: fc.constant('event'), weight: 4 }, { arbitrary: fc.constantFrom(...ITEM_TYPES), weight: 3 }),
      payload: fc.oneof(
        { arbitrary: events.map((event) => JSON.stringify(event)), weight: 5 },
        { arbitrary: anyJson.map((value) => JSON.stringify(value)), weight: 1 },
        { arbitrary: fc.string(), weight: 1 },
      ),
      length: fc.oneof(
        { arbitrary: fc.constant('right'), weight: 3 },
        { arbitrary: fc.constant('none'), weight: 3 },
        { arbitrary: fc.constant('wrong'), weight: 1 },
      ),
    }),
    { maxLength: 5 },
  )
  .map((items) => {
    const lines: string[] = [JSON.stringify({ event_id: 'a'.repeat(32) })];
    for (const item of items) {
      const bytes = new TextEncoder().encode(item.payload).length;
      const length = item.length === 'right' ? bytes : item.length === 'wrong' ? bytes + 3 : undefined;
      lines.push(JSON.stringify(length === undefined ? { type: item.type } : { type: item.type, length }), item.payload);
    }
    return lines.join('\n');
  });

describe('ingestion under random input', () => {
  it('answers random bytes, in any encoding, with 200 or a 4xx that changes nothing', async () => {
    const { post } = await setup();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('envelope', 'store'),
        fc.uint8Array({ maxLength: 300 }),
        encodings,
        async (kind, bytes, encoding) => {
          await post(kind as 'envelope' | 'store', bytes, encoding);
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('answers random events on the store endpoint the same way', async () => {
    const { post } = await setup();
    await fc.assert(
      fc.asyncProperty(events, encodings, async (event, encoding) => {
        await post('store', compress(JSON.stringify(event), encoding), encoding);
      }),
      { numRuns: RUNS },
    );
  });

  it('answers random envelopes, plain and compressed, the same way', async () => {
    const { post } = await setup();
    await fc.assert(
      fc.asyncProperty(envelopes, encodings, async (text, encoding) => {
        await post('envelope', compress(text, encoding), encoding);
      }),
      { numRuns: RUNS },
    );
  });

  it('refuses SDK requests truncated anywhere, or cut after compression, without storing part of them', async () => {
    const { post, key, clock } = await setup();
    const sample = fc.record({
      index: fc.nat(SDK_SAMPLES.length - 1),
      variant: fc.nat(20),
      cut: fc.double({ min: 0, max: 1, noNaN: true }),
    });
    await fc.assert(
      fc.asyncProperty(sample, fc.boolean(), async ({ index, variant, cut }, gzipFirst) => {
        const built = SDK_SAMPLES[index]?.build({ publicKey: key.public_key, dsn: key.sentry_dsn, at: clock.now(), variant });
        if (!built) return;
        const full = gzipFirst ? gzipSync(built.body) : new TextEncoder().encode(built.body);
        const truncated = full.subarray(0, Math.floor(full.length * cut));
        await post(built.kind, truncated, gzipFirst ? 'gzip' : undefined);
      }),
      { numRuns: RUNS },
    );
  });

  it('accepts every valid envelope whole', async () => {
    const { post, reference } = await setup();
    let expected = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(fc.constantFrom('f', 'g', 'h'), { minLength: 1, maxLength: 4 }), async (functions) => {
        const lines: unknown[] = [{}];
        for (const fn of functions) lines.push({ type: 'event' }, exceptionEvent('TypeError', fn));
        expect(await post('envelope', envelopeText(lines))).toBe(200);
        expected += functions.length;
        expect(reference.errors.state.errors.size()).toBe(expected);
      }),
      { numRuns: 50 },
    );
  });
});
