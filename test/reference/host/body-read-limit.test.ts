import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JSON_BODY_BYTES } from '../../../src/reference/host/body-limits.ts';
import { type RunningServer, startReferenceServer } from '../../../src/reference/start-server.ts';

/**
 * A chunked body (no Content-Length) is counted as it is read: one of exactly the route's limit is read and
 * answered whole, in many chunks as in one, and one byte more is refused with 413 before the rest is read.
 */
let server: RunningServer;
beforeAll(async () => {
  server = await startReferenceServer({ port: 0, host: '127.0.0.1' });
});
afterAll(() => server.close());

/** Sends a JSON body of `size` bytes in chunks of `chunk` bytes; resolves with the status and message. */
function send(size: number, chunk: number): Promise<{ status: number; message: string }> {
  const filler = 'a'.repeat(size - '{"query":{"measures":["TrackedEvents.count"]},"x":""}'.length);
  const body = Buffer.from(`{"query":{"measures":["TrackedEvents.count"]},"x":"${filler}"}`);
  expect(body.length).toBe(size);
  const url = new URL('/api/v4/projects/1/product_analytics/request/load', server.url);
  return new Promise((resolve, reject) => {
    const req = request(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'private-token': 'demo-maintainer-token', 'transfer-encoding': 'chunked' },
    });
    req.on('response', (response) => {
      let text = '';
      response.on('data', (part: Buffer) => (text += part.toString()));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, message: (JSON.parse(text) as { message?: string }).message ?? '' }),
      );
    });
    req.on('error', reject);
    for (let at = 0; at < body.length; at += chunk) req.write(body.subarray(at, at + chunk));
    req.end();
  });
}

describe('a chunked request body', () => {
  it('of exactly the limit is read whole, from many chunks or one', async () => {
    for (const chunk of [16 * 1024, JSON_BODY_BYTES]) {
      // Read whole and answered: the query is parsed and run (the extra field is not one the query reads).
      expect(await send(JSON_BODY_BYTES, chunk), `${chunk}`).toEqual({ status: 200, message: '' });
    }
  });

  it('one byte over the limit is refused with 413, saying the limit and the route', async () => {
    expect(await send(JSON_BODY_BYTES + 1, 16 * 1024)).toEqual({
      status: 413,
      message: `413 Payload Too Large: the request body passed ${JSON_BODY_BYTES} bytes while being read; API takes at most ${JSON_BODY_BYTES} bytes per request`,
    });
  });
});
