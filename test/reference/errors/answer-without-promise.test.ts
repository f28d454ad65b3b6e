/**
 * Ingestion answers without a promise when nothing waits (a plain body, a small one `node:zlib` inflates in
 * place, kept in memory): the busiest path takes no turn of the event loop it does not need. Where something
 * waits — a stream decompressor, a body inflated on zlib's threads, a large body split in two turns, a group
 * commit — the answer is a promise, and either way it is the same answer.
 */
import { randomBytes } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { DecodedTooLarge } from '../../../src/reference/errors/body-decoding.ts';
import { type IngestRequest, YIELD_AFTER_BYTES } from '../../../src/reference/errors/ingest.ts';
import { OFF_THREAD_BYTES, zlibDecompressor } from '../../../src/reference/errors/zlib-decompressor.ts';
import { createHarness, envelopeText, exceptionEvent } from './harness.ts';

const encode = (text: string) => new TextEncoder().encode(text);

/** Text gzip cannot shrink below three quarters of its length: random bytes in base64. */
const incompressible = (chars: number) => randomBytes(chars).toString('base64').slice(0, chars);

async function setup(errors: Parameters<typeof createHarness>[1] = { decompress: zlibDecompressor }) {
  const harness = createHarness('2025-03-10T12:30:00Z', errors);
  const key = await harness.createKey();
  const request = (body: Uint8Array, headers: Record<string, string> = {}): IngestRequest => ({
    kind: 'envelope',
    projectId: '1',
    headers: new Headers({ 'x-sentry-auth': `Sentry sentry_key=${key.public_key}`, ...headers }),
    query: new URLSearchParams(),
    body,
    clientAddress: '192.0.2.1',
  });
  return { ...harness, key, request };
}

const envelope = (eventId: string, message = 'hi') =>
  envelopeText([{ event_id: eventId }, { type: 'event' }, { ...exceptionEvent('TypeError', 'handler'), message }]);

describe('zlibDecompressor', () => {
  it('inflates a body up to the off-thread size in place and a larger one with a promise', async () => {
    const small = gzipSync('x'.repeat(10_000));
    expect(small.length).toBeLessThanOrEqual(OFF_THREAD_BYTES);
    const inPlace = zlibDecompressor(small, 'gzip', 1_000_000);
    expect(inPlace).toBeInstanceOf(Uint8Array);
    expect((inPlace as Uint8Array).length).toBe(10_000);
    const large = gzipSync(incompressible(2 * OFF_THREAD_BYTES));
    expect(large.length).toBeGreaterThan(OFF_THREAD_BYTES);
    const offThread = zlibDecompressor(large, 'gzip', 1_000_000);
    expect(offThread).toBeInstanceOf(Promise);
    expect((await offThread).length).toBe(2 * OFF_THREAD_BYTES);
  });

  it('inflates exactly the off-thread size in place, and one byte more with a promise', async () => {
    // Stored blocks: gzip at level 0 adds a fixed header, block header and trailer below 64 KiB, so the size is exact.
    const overhead = gzipSync(new Uint8Array(1000), { level: 0 }).length - 1000;
    const sized = (bytes: number) => {
      const body = gzipSync(randomBytes(bytes - overhead), { level: 0 });
      expect(body.length).toBe(bytes);
      return body;
    };
    const atLimit = zlibDecompressor(sized(OFF_THREAD_BYTES), 'gzip', 1_000_000);
    expect(atLimit).toBeInstanceOf(Uint8Array);
    expect((atLimit as Uint8Array).length).toBe(OFF_THREAD_BYTES - overhead);
    const over = zlibDecompressor(sized(OFF_THREAD_BYTES + 1), 'gzip', 1_000_000);
    expect(over).toBeInstanceOf(Promise);
    expect((await over).length).toBe(OFF_THREAD_BYTES + 1 - overhead);
  });

  it('throws a small body past the limit as DecodedTooLarge at once, and rejects a large one the same way', async () => {
    expect(() => zlibDecompressor(gzipSync('x'.repeat(10_000)), 'gzip', 9_999)).toThrow(DecodedTooLarge);
    const large = gzipSync(incompressible(2 * OFF_THREAD_BYTES));
    await expect(zlibDecompressor(large, 'gzip', OFF_THREAD_BYTES)).rejects.toBeInstanceOf(DecodedTooLarge);
    expect(() => zlibDecompressor(encode('not gzip'), 'gzip', 1000)).toThrow(/header/i);
  });
});

describe('ingest and answerIngestion', () => {
  it('answer a plain body and a small gzip one without a promise, with the event kept', async () => {
    const { reference, request } = await setup();
    const plain = reference.errors.answerIngestion({
      ...request(encode(envelope('a'.repeat(32)))),
      contentLength: null,
      body: () => encode(envelope('a'.repeat(32))),
    });
    expect(plain).not.toBeInstanceOf(Promise);
    expect(plain).toMatchObject({ status: 200, text: `{"id":"${'a'.repeat(32)}"}` });
    const gzipped = gzipSync(envelope('b'.repeat(32)));
    const compressed = reference.errors.answerIngestion({
      ...request(gzipped, { 'content-encoding': 'gzip' }),
      contentLength: String(gzipped.length),
      body: () => gzipped,
    });
    expect(compressed).not.toBeInstanceOf(Promise);
    expect(compressed).toMatchObject({ status: 200, text: `{"id":"${'b'.repeat(32)}"}` });
    expect(reference.errors.state.errors.size()).toBe(2);
  });

  it('answer a refusal without a promise too: a bad body, an unknown key, a declared length over the limit', async () => {
    const { reference, request } = await setup();
    const answer = (body: Uint8Array, contentLength: string | null, headers: Record<string, string> = {}) =>
      reference.errors.answerIngestion({ ...request(body, headers), contentLength, body: () => body });
    const bad = answer(encode('{'), null);
    expect(bad).not.toBeInstanceOf(Promise);
    expect(bad).toMatchObject({ status: 400 });
    const badGzip = answer(encode('nope'), null, { 'content-encoding': 'gzip' });
    expect(badGzip).toMatchObject({ status: 400, text: expect.stringContaining('not valid gzip data') });
    const unknown = answer(encode(envelope('c'.repeat(32))), null, { 'x-sentry-auth': 'Sentry sentry_key=nope' });
    expect(unknown).toMatchObject({ status: 401 });
    const declared = answer(encode('{}'), String(2 * 1024 * 1024));
    expect(declared).toMatchObject({ status: 413 });
    expect(reference.errors.state.errors.size()).toBe(0);
  });

  it('answer a body that cannot be read with a 400 naming it, and a body still arriving with a promise', async () => {
    const { reference, request } = await setup();
    const broken = reference.errors.answerIngestion({
      ...request(new Uint8Array()),
      contentLength: null,
      body: () => Promise.reject(new Error('the connection was reset')),
    });
    expect(broken).toBeInstanceOf(Promise);
    expect(await broken).toMatchObject({ status: 400, text: expect.stringContaining('the connection was reset') });
    const later = reference.errors.answerIngestion({
      ...request(new Uint8Array()),
      contentLength: null,
      body: async () => encode(envelope('d'.repeat(32))),
    });
    expect(later).toBeInstanceOf(Promise);
    expect(await later).toMatchObject({ status: 200, text: `{"id":"${'d'.repeat(32)}"}` });
  });

  it('keep a decoded body of exactly 256 KiB in the same turn, and one byte more on the next', async () => {
    const { reference, request } = await setup();
    /** An envelope of exactly `bytes` bytes: its event's message fills the rest. */
    const sizedEnvelope = (eventId: string, bytes: number) => {
      const empty = envelope(eventId, '');
      const text = envelope(eventId, 'm'.repeat(bytes - encode(empty).length));
      expect(encode(text).length).toBe(bytes);
      return encode(text);
    };
    const atLimit = sizedEnvelope('2'.repeat(32), YIELD_AFTER_BYTES);
    const same = reference.errors.answerIngestion({ ...request(atLimit), contentLength: null, body: () => atLimit });
    expect(same).not.toBeInstanceOf(Promise);
    expect(reference.errors.state.errors.size()).toBe(1);
    const over = sizedEnvelope('3'.repeat(32), YIELD_AFTER_BYTES + 1);
    const next = reference.errors.answerIngestion({ ...request(over), contentLength: null, body: () => over });
    expect(next).toBeInstanceOf(Promise);
    expect(reference.errors.state.errors.size()).toBe(1);
    expect(await next).toMatchObject({ status: 200, text: `{"id":"${'3'.repeat(32)}"}` });
    expect(reference.errors.state.errors.size()).toBe(2);
  });

  it('answer with a promise where something waits, and the same answer as in place', async () => {
    // The portable stream decompressor reads in turns.
    const streamed = await setup({});
    const gzipped = gzipSync(envelope('e'.repeat(32)));
    const viaStream = streamed.reference.errors.answerIngestion({
      ...streamed.request(gzipped, { 'content-encoding': 'gzip' }),
      contentLength: null,
      body: () => gzipped,
    });
    expect(viaStream).toBeInstanceOf(Promise);
    expect(await viaStream).toMatchObject({ status: 200, text: `{"id":"${'e'.repeat(32)}"}` });
    // A body over 256 KiB decoded is kept on a later turn.
    const { reference, request } = await setup();
    const big = encode(envelope('f'.repeat(32), incompressible(300 * 1024)));
    const inTwoTurns = reference.errors.answerIngestion({ ...request(big), contentLength: null, body: () => big });
    expect(inTwoTurns).toBeInstanceOf(Promise);
    expect(reference.errors.state.errors.size()).toBe(0);
    expect(await inTwoTurns).toMatchObject({ status: 200, text: `{"id":"${'f'.repeat(32)}"}` });
    expect(reference.errors.state.errors.size()).toBe(1);
    // A body inflated on zlib's threads.
    const offThread = gzipSync(envelope('1'.repeat(32), incompressible(2 * OFF_THREAD_BYTES)));
    const inflated = reference.errors.answerIngestion({
      ...request(offThread, { 'content-encoding': 'gzip' }),
      contentLength: null,
      body: () => offThread,
    });
    expect(inflated).toBeInstanceOf(Promise);
    expect(await inflated).toMatchObject({ status: 200, text: `{"id":"${'1'.repeat(32)}"}` });
    expect(reference.errors.state.errors.size()).toBe(2);
  });
});
