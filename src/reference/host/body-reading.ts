/**
 * Reading a request body under its route's limit (see `body-limits.ts`): `Content-Length` is checked before
 * reading, and bytes are counted while reading (chunked bodies), so a body over the limit is refused with 413
 * without being held in memory, and the rest of it is not read.
 */
import type { IncomingMessage } from 'node:http';
import { errorResponse } from '../platform/api-error.ts';

/** A body that went over its route's limit. */
export interface TooLarge {
  tooLarge: true;
  bytes: number;
  limit: number;
  route: string;
}

/** Whether a read ended over the limit. */
export const isTooLarge = (value: Uint8Array | TooLarge): value is TooLarge => 'tooLarge' in value;

/**
 * Reads a body, counting bytes, and hands it to `done` once it has all arrived; stops reading and hands over a
 * {@link TooLarge} once past `limit`. Without a promise: this is the busiest path's first step.
 */
export function collectBody(
  req: IncomingMessage,
  limit: number,
  route: string,
  done: (body: Uint8Array<ArrayBuffer> | TooLarge) => void,
  fail: (error: Error) => void,
): void {
  const chunks: Buffer[] = [];
  let bytes = 0;
  // One outcome per body: a request cut off after its 413 (or after it ended) does not fail it again.
  let settled = false;
  const onData = (chunk: Buffer) => {
    bytes += chunk.length;
    if (bytes > limit) {
      req.off('data', onData);
      req.pause();
      settled = true;
      done({ tooLarge: true, bytes, limit, route });
      return;
    }
    chunks.push(chunk);
  };
  req.on('data', onData);
  req.once('end', () => {
    if (settled) return;
    settled = true;
    if (chunks.length === 1) {
      const only = chunks[0] as Buffer;
      done(new Uint8Array(only.buffer, only.byteOffset, only.length) as Uint8Array<ArrayBuffer>);
      return;
    }
    const body = new Uint8Array(bytes);
    let at = 0;
    for (const chunk of chunks) {
      body.set(chunk, at);
      at += chunk.length;
    }
    done(body);
  });
  req.once('error', (error) => {
    if (settled) return;
    settled = true;
    fail(error);
  });
}

/** {@link collectBody} as a promise. */
export function readBody(req: IncomingMessage, limit: number, route: string): Promise<Uint8Array<ArrayBuffer> | TooLarge> {
  return new Promise((resolve, reject) => collectBody(req, limit, route, resolve, reject));
}

/** The 413 answer; the host closes the connection after it, without reading the rest of the body. */
export function tooLargeAnswer(size: TooLarge, declared: boolean): Response {
  const what = declared ? `declares ${size.bytes} bytes` : `passed ${size.limit} bytes while being read`;
  return errorResponse(
    413,
    `413 Payload Too Large: the request body ${what}; ${size.route} takes at most ${size.limit} bytes per request`,
    { Connection: 'close' },
  );
}
