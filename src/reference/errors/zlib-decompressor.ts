/**
 * A faster decompressor for Node hosts (the local server, benchmarks): `node:zlib` in one synchronous
 * call instead of a web stream. Node only; the browser uses the default `DecompressionStream` one.
 */
import { gunzipSync, inflateRawSync, inflateSync } from 'node:zlib';
import { DecodedTooLarge, type Decompressor } from './body-decoding.ts';

const inflaters = { gzip: gunzipSync, deflate: inflateSync, 'deflate-raw': inflateRawSync };

/** Decompresses with `node:zlib`, refusing output past `maxBytes`. */
export const zlibDecompressor: Decompressor = async (bytes, format, maxBytes) => {
  try {
    return inflaters[format](bytes, { maxOutputLength: maxBytes });
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw new DecodedTooLarge(maxBytes);
    throw error;
  }
};
