/**
 * A faster decompressor for Node hosts (the local server, benchmarks): `node:zlib` in one synchronous
 * call instead of a web stream. Node only; the browser uses the default `DecompressionStream` one.
 */
import { gunzipSync, inflateRawSync, inflateSync } from 'node:zlib';
import { DecodedTooLarge, type Decompressor } from './body-decoding.ts';

const inflaters = { gzip: gunzipSync, deflate: inflateSync, 'deflate-raw': inflateRawSync };

/** Output is gathered in chunks of this many bytes per compressed byte (SDK bodies compress 3–20 times). */
const CHUNK_PER_BYTE = 8;

/** Decompresses with `node:zlib`, refusing output past `maxBytes`. */
export const zlibDecompressor: Decompressor = async (bytes, format, maxBytes) => {
  try {
    // A chunk near the expected size: a small body does not allocate (and touch) zlib's default 16 KiB.
    const chunkSize = Math.min(64 * 1024, Math.max(1024, bytes.length * CHUNK_PER_BYTE));
    return inflaters[format](bytes, { maxOutputLength: maxBytes, chunkSize });
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw new DecodedTooLarge(maxBytes);
    throw error;
  }
};
