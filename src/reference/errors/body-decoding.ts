/**
 * Request bodies as SDKs send them: plain, gzip or deflate (`Content-Encoding`; Ruby sends an empty
 * value for plain bodies). Decompression is injectable: the default uses the web-standard
 * `DecompressionStream`, which runs in browsers and Node alike; a Node host may pass a faster one.
 */
import { ApiError } from '../platform/api-error.ts';
import { decodedLimitFor, formatBytes, MAX_BODY_BYTES, MAX_DECODED_BYTES, MAX_INFLATION_RATIO } from './ingestion-limits.ts';

/** The compression formats a body may arrive in. `deflate-raw` is deflate without the zlib wrapper. */
export type Compression = 'gzip' | 'deflate' | 'deflate-raw';

/** Thrown by a {@link Decompressor} once its output passes the limit. */
export class DecodedTooLarge extends Error {
  constructor(maxBytes: number) {
    super(`more than ${maxBytes} bytes once decompressed`);
    this.name = 'DecodedTooLarge';
  }
}

/**
 * Decompresses a body, stopping with {@link DecodedTooLarge} once the output passes `maxBytes`, and
 * failing with any other error when the data is not valid for the format. It may answer at once (a small
 * body inflated in place) or with a promise; it may throw or reject.
 */
export type Decompressor = (bytes: Uint8Array, format: Compression, maxBytes: number) => Uint8Array | Promise<Uint8Array>;

/** Joins chunks into one array. */
function concat(chunks: Uint8Array[], total: number): Uint8Array {
  if (chunks.length === 1) return chunks[0] as Uint8Array;
  const out = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.length;
  }
  return out;
}

/** The portable decompressor over `DecompressionStream` (always with a promise: a stream is read in turns). */
export const streamDecompressor = async (bytes: Uint8Array, format: Compression, maxBytes: number): Promise<Uint8Array> => {
  const stream = new DecompressionStream(format);
  const writer = stream.writable.getWriter();
  // Write errors surface again on the read side, where they are handled.
  writer.write(bytes as Uint8Array<ArrayBuffer>).catch(() => {});
  writer.close().catch(() => {});
  const reader = stream.readable.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.length;
    if (total > maxBytes) {
      await reader.cancel().catch(() => {});
      throw new DecodedTooLarge(maxBytes);
    }
    chunks.push(value);
  }
  return concat(chunks, total);
};

/** Whether bytes start with a zlib header (RFC 1950), which HTTP `deflate` is meant to carry. */
function hasZlibHeader(bytes: Uint8Array): boolean {
  const [first = 0, second = 0] = bytes;
  return (first & 0x0f) === 8 && first >> 4 <= 7 && ((first << 8) | second) % 31 === 0;
}

/** Maps a `Content-Encoding` value to a compression; undefined for a plain body. */
export function compressionOf(contentEncoding: string | null | undefined, bytes: Uint8Array): Compression | undefined {
  const encoding = (contentEncoding ?? '').trim().toLowerCase();
  if (encoding === '' || encoding === 'identity') return undefined;
  if (encoding === 'gzip' || encoding === 'x-gzip') return 'gzip';
  // Some clients send raw deflate under the name `deflate`; the zlib header tells them apart.
  if (encoding === 'deflate') return hasZlibHeader(bytes) ? 'deflate' : 'deflate-raw';
  throw new ApiError(415, `Content-Encoding "${encoding}" is not supported; send the body plain, gzip or deflate`);
}

const tooLarge = (bytes: number) =>
  new ApiError(
    413,
    `the request body is ${bytes} bytes; the limit is ${formatBytes(MAX_BODY_BYTES)} as sent (compressed or not)`,
  );

/** Rejects a request whose `Content-Length` already says it is over the limit, before its body is read. */
export function checkDeclaredLength(contentLength: string | null): void {
  const declared = Number(contentLength);
  if (contentLength !== null && declared > MAX_BODY_BYTES) throw tooLarge(declared);
}

/**
 * Checks the size of a body as sent and decompresses it. Rejects with 413 past the limits (1 MiB as sent;
 * decompressed, 4 MiB and 100 times the size as sent, see `decodedLimitFor`), 415 for an unknown encoding and
 * 400 for data that does not decompress. Decompression stops at the limit, so a bomb costs no more than that.
 * A plain body comes back as it is, and a body the decompressor inflates at once without a promise (nearly every
 * SDK request; this is the busiest path). Faults are thrown, or rejected when decompression took a promise.
 */
export function decodeBody(
  bytes: Uint8Array,
  contentEncoding: string | null | undefined,
  decompress: Decompressor = streamDecompressor,
): Uint8Array | Promise<Uint8Array> {
  if (bytes.length > MAX_BODY_BYTES) throw tooLarge(bytes.length);
  const format = compressionOf(contentEncoding, bytes);
  return format ? decompressed(bytes, format, contentEncoding, decompress) : bytes;
}

function decompressed(
  bytes: Uint8Array,
  format: Compression,
  contentEncoding: string | null | undefined,
  decompress: Decompressor,
): Uint8Array | Promise<Uint8Array> {
  const limit = decodedLimitFor(bytes.length);
  const refusal = (error: unknown): ApiError => {
    if (error instanceof DecodedTooLarge) {
      if (limit === MAX_DECODED_BYTES)
        return new ApiError(413, `the body is larger than ${formatBytes(MAX_DECODED_BYTES)} once decompressed; send less data`);
      return new ApiError(
        413,
        `the body grows more than ${MAX_INFLATION_RATIO} times once decompressed (${bytes.length} bytes as sent, more than ${limit} decompressed); send less data, or send it uncompressed`,
      );
    }
    return new ApiError(
      400,
      `the body is not valid ${format} data (Content-Encoding: ${contentEncoding}): ${(error as Error).message}`,
    );
  };
  let output: Uint8Array | Promise<Uint8Array>;
  try {
    output = decompress(bytes, format, limit);
  } catch (error) {
    throw refusal(error);
  }
  return output instanceof Promise
    ? output.catch((error: unknown) => {
        throw refusal(error);
      })
    : output;
}
