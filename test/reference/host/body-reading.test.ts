import type { IncomingMessage } from 'node:http';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES } from '../../../src/reference/errors/ingestion-limits.ts';
import { bodyLimitFor, COLLECTOR_BODY_BYTES, JSON_BODY_BYTES } from '../../../src/reference/host/body-limits.ts';
import { collectBody, isTooLarge, readBody } from '../../../src/reference/host/body-reading.ts';

/**
 * Reading a request body as the Node host does: counted chunk by chunk, stopped at the route's limit (the
 * request paused, no longer listened to), and a request that fails while being read rejects rather than
 * leaving its answer waiting for ever.
 */
const asRequest = (stream: PassThrough) => stream as unknown as IncomingMessage;

describe('readBody', () => {
  it('stops at the limit: the request is paused, no longer read, and the answer says how far it got', async () => {
    const stream = new PassThrough();
    const reading = readBody(asRequest(stream), 10, 'API');
    stream.write(Buffer.alloc(6));
    stream.write(Buffer.alloc(6));
    const result = await reading;
    expect(result).toEqual({ tooLarge: true, bytes: 12, limit: 10, route: 'API' });
    expect(isTooLarge(result) && result.tooLarge).toBe(true);
    expect(stream.isPaused()).toBe(true);
    expect(stream.listenerCount('data')).toBe(0);
  });

  it('joins the chunks of a body within the limit', async () => {
    const stream = new PassThrough();
    const reading = readBody(asRequest(stream), 10, 'API');
    stream.write(Buffer.from('abc'));
    stream.end(Buffer.from('de'));
    expect(Buffer.from((await reading) as Uint8Array).toString()).toBe('abcde');
  });

  it('hands over one outcome per body: a body over the limit does not end it again, nor a failure after its 413 or its end', async () => {
    const outcomes: string[] = [];
    const record = (which: string) => (value: unknown) =>
      outcomes.push(`${which}: ${isTooLarge(value as never) ? 'too large' : String(value)}`);
    const cut = new PassThrough();
    collectBody(asRequest(cut), 3, 'API', record('done'), record('fail'));
    cut.write(Buffer.from('abcd'));
    await new Promise((resolve) => setImmediate(resolve));
    cut.destroy(new Error('cut off after the 413'));
    const overAtTheEnd = new PassThrough();
    collectBody(asRequest(overAtTheEnd), 3, 'API', record('done'), record('fail'));
    overAtTheEnd.end(Buffer.from('efgh'));
    await new Promise((resolve) => setImmediate(resolve));
    const ended = new PassThrough();
    collectBody(asRequest(ended), 10, 'API', (body) => outcomes.push(`done: ${Buffer.from(body as Uint8Array)}`), record('fail'));
    ended.end(Buffer.from('ab'));
    await new Promise((resolve) => setImmediate(resolve));
    ended.destroy(new Error('closed after the end'));
    await new Promise((resolve) => setImmediate(resolve));
    expect(outcomes).toEqual(['done: too large', 'done: too large', 'done: ab']);
  });

  it('rejects when the request fails while being read', async () => {
    const stream = new PassThrough();
    const reading = readBody(asRequest(stream), 10, 'API');
    stream.destroy(new Error('aborted by the client'));
    await expect(reading).rejects.toThrow('aborted by the client');
  });
});

describe('bodyLimitFor', () => {
  it('gives ingestion, the collector and every other route their own limits', () => {
    expect(bodyLimitFor('/api/v4/error_tracking/collector/1/envelope/')).toEqual({
      bytes: MAX_BODY_BYTES,
      route: 'error-tracking ingestion',
    });
    expect(bodyLimitFor('/com.snowplowanalytics.snowplow/tp2').bytes).toBe(COLLECTOR_BODY_BYTES);
    expect(bodyLimitFor('/api/v4/projects/1/product_analytics/request/load').bytes).toBe(JSON_BODY_BYTES);
    // Only a path under the ingestion prefix is ingestion, not one that merely ends like it.
    expect(bodyLimitFor('/elsewhere/api/v4/error_tracking/collector/').bytes).toBe(JSON_BODY_BYTES);
  });
});
