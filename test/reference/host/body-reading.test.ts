import type { IncomingMessage } from 'node:http';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES } from '../../../src/reference/errors/ingestion-limits.ts';
import { bodyLimitFor, COLLECTOR_BODY_BYTES, JSON_BODY_BYTES } from '../../../src/reference/host/body-limits.ts';
import { isTooLarge, readBody } from '../../../src/reference/host/body-reading.ts';

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
