import { deflateRawSync, deflateSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { type Decompressor, decodeBody, streamDecompressor } from '../../../src/reference/errors/body-decoding.ts';
import {
  INFLATION_FREE_BYTES,
  MAX_BODY_BYTES,
  MAX_DECODED_BYTES,
  MAX_INFLATION_RATIO,
} from '../../../src/reference/errors/ingestion-limits.ts';
import { zlibDecompressor } from '../../../src/reference/errors/zlib-decompressor.ts';
import { ApiError } from '../../../src/reference/platform/api-error.ts';

const text = '{"event_id":"x"}\n{"type":"event"}\n{"message":"hi"}\n';
const plain = new TextEncoder().encode(text);
const decoded = async (bytes: Uint8Array, encoding: string | null, decompress?: Decompressor) =>
  new TextDecoder().decode(await decodeBody(bytes, encoding, decompress));
const rejection = async (bytes: Uint8Array, encoding: string | null, decompress?: Decompressor) => {
  try {
    await decodeBody(bytes, encoding, decompress);
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected a rejection');
};

describe.each([
  ['DecompressionStream', streamDecompressor],
  ['node:zlib', zlibDecompressor],
])('body decoding with %s', (_name, decompress) => {
  it('passes plain bodies through, including Ruby’s empty Content-Encoding', async () => {
    expect(await decoded(plain, null, decompress)).toBe(text);
    expect(await decoded(plain, '', decompress)).toBe(text);
    expect(await decoded(plain, 'identity', decompress)).toBe(text);
  });

  it('decompresses gzip, zlib deflate and raw deflate', async () => {
    expect(await decoded(gzipSync(text), 'gzip', decompress)).toBe(text);
    expect(await decoded(gzipSync(text), 'x-gzip', decompress)).toBe(text);
    expect(await decoded(deflateSync(text), 'deflate', decompress)).toBe(text);
    expect(await decoded(deflateRawSync(text), 'deflate', decompress)).toBe(text);
  });

  it('rejects data that does not decompress with a 400 naming the encoding', async () => {
    const truncated = gzipSync(text).subarray(0, 20);
    const error = await rejection(truncated, 'gzip', decompress);
    expect(error.status).toBe(400);
    expect(error.message).toMatch(/^the body is not valid gzip data \(Content-Encoding: gzip\)/);
    expect((await rejection(plain, 'gzip', decompress)).status).toBe(400);
  });

  it('refuses more than 4 MiB once decompressed with a 413 that states the limit', async () => {
    // Random bytes hardly compress, so only the size limit applies.
    const noise = (length: number) => Uint8Array.from({ length }, (_, index) => (index * 2654435761) >>> 24);
    const error = await rejection(gzipSync(noise(MAX_DECODED_BYTES + 1)), 'gzip', decompress);
    expect(error.status).toBe(413);
    expect(error.message).toBe('the body is larger than 4 MiB once decompressed; send less data');
    expect(await decodeBody(gzipSync(noise(MAX_DECODED_BYTES)), 'gzip', decompress)).toHaveLength(MAX_DECODED_BYTES);
  });

  it(`refuses a body that grows more than ${MAX_INFLATION_RATIO} times, past ${INFLATION_FREE_BYTES} bytes`, async () => {
    const bomb = gzipSync(new Uint8Array(MAX_DECODED_BYTES));
    expect(bomb.length * MAX_INFLATION_RATIO).toBeLessThan(MAX_DECODED_BYTES);
    const error = await rejection(bomb, 'gzip', decompress);
    expect(error.status).toBe(413);
    expect(error.message).toBe(
      `the body grows more than 100 times once decompressed (${bomb.length} bytes as sent, more than ${bomb.length * 100} decompressed); send less data, or send it uncompressed`,
    );
    // Small bodies may compress well: up to 64 KiB decompressed any ratio is accepted.
    expect(await decodeBody(gzipSync(new Uint8Array(INFLATION_FREE_BYTES)), 'gzip', decompress)).toHaveLength(
      INFLATION_FREE_BYTES,
    );
    const ratio = gzipSync(`[${'"an event field",'.repeat(3500)}0]`);
    expect((await decodeBody(ratio, 'gzip', decompress)).length / ratio.length).toBeGreaterThan(MAX_INFLATION_RATIO);
  });
});

describe('body limits and encodings', () => {
  it('refuses bodies over 1 MiB as sent with a 413 that states the limit', async () => {
    const error = await rejection(new Uint8Array(MAX_BODY_BYTES + 1), null);
    expect(error.status).toBe(413);
    expect(error.message).toBe(`the request body is ${MAX_BODY_BYTES + 1} bytes; the limit is 1 MiB as sent (compressed or not)`);
    expect(await decodeBody(new Uint8Array(MAX_BODY_BYTES), null)).toHaveLength(MAX_BODY_BYTES);
  });

  it('refuses unknown encodings with a 415', async () => {
    const error = await rejection(plain, 'br');
    expect(error.status).toBe(415);
    expect(error.message).toMatch(/"br" is not supported; send the body plain, gzip or deflate/);
  });
});
