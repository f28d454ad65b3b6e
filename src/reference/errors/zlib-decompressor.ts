/**
 * A faster decompressor for Node hosts (the local server, benchmarks): `node:zlib` instead of a web stream,
 * in one synchronous call for a small body (the usual SDK request, where a hop to another thread costs more
 * than the work) and on zlib's worker threads for a large one, so a body that inflates to megabytes does not
 * hold the event loop while it does. Node only; the browser uses the default `DecompressionStream` one.
 */
import { promisify } from 'node:util';
import { gunzip, gunzipSync, inflate, inflateRaw, inflateRawSync, inflateSync } from 'node:zlib';
import { DecodedTooLarge, type Decompressor } from './body-decoding.ts';

const inflaters = { gzip: gunzipSync, deflate: inflateSync, 'deflate-raw': inflateRawSync };
const offThread = { gzip: promisify(gunzip), deflate: promisify(inflate), 'deflate-raw': promisify(inflateRaw) };

/** Compressed bodies larger than this are inflated off the event loop: 16 KiB (about 1 ms of inflating). */
export const OFF_THREAD_BYTES = 16 * 1024;

/** Output is gathered in chunks of this many bytes per compressed byte (SDK bodies compress 3–20 times). */
const CHUNK_PER_BYTE = 8;

/** Decompresses with `node:zlib`, refusing output past `maxBytes`. */
export const zlibDecompressor: Decompressor = (bytes, format, maxBytes) => {
  // A chunk near the expected size: a small body does not allocate (and touch) zlib's default 16 KiB.
  const chunkSize = Math.min(64 * 1024, Math.max(1024, bytes.length * CHUNK_PER_BYTE));
  const options = { maxOutputLength: maxBytes, chunkSize };
  try {
    // A small body is inflated in place and answered without a promise.
    if (bytes.length <= OFF_THREAD_BYTES) return inflaters[format](bytes, options);
  } catch (error) {
    throw zlibFault(error, maxBytes);
  }
  return offThread[format](bytes, options).catch((error: unknown) => {
    throw zlibFault(error, maxBytes);
  });
};

/** zlib's refusal past the output limit as {@link DecodedTooLarge}; other faults as they are. */
const zlibFault = (error: unknown, maxBytes: number): unknown =>
  (error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE' ? new DecodedTooLarge(maxBytes) : error;
