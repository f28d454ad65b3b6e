import { randomBytes } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  checkDeclaredLength,
  compressionOf,
  DecodedTooLarge,
  streamDecompressor,
} from '../../../src/reference/errors/body-decoding.ts';
import { formatBytes, HOUR_MS, MAX_BODY_BYTES } from '../../../src/reference/errors/ingestion-limits.ts';
import { ApiError } from '../../../src/reference/platform/api-error.ts';

/** Byte counts as refusals say them, and a large body decompressed whole from many chunks. */
describe('byte limits', () => {
  it('says a size in MiB or KiB when it is whole, else in bytes', () => {
    expect(formatBytes(1024 * 1024)).toBe('1 MiB');
    expect(formatBytes(20 * 1024 * 1024)).toBe('20 MiB');
    expect(formatBytes(1024 * 1024 + 1024)).toBe('1025 KiB');
    expect(formatBytes(2048)).toBe('2 KiB');
    expect(formatBytes(1024)).toBe('1 KiB');
    expect(formatBytes(1536)).toBe('1536 bytes');
    expect(formatBytes(1023)).toBe('1023 bytes');
    expect(formatBytes(512 * 1024)).toBe('512 KiB');
    expect(formatBytes(0)).toBe('0 bytes');
    expect(HOUR_MS).toBe(3_600_000);
  });

  it('refuses a declared length over the limit before reading, and only that', () => {
    const refusal = (length: string | null) => {
      try {
        checkDeclaredLength(length);
      } catch (error) {
        return error instanceof ApiError ? `${error.status} ${error.message}` : String(error);
      }
      return 'read';
    };
    expect(refusal(null)).toBe('read');
    expect(refusal('not a number')).toBe('read');
    expect(refusal(String(MAX_BODY_BYTES))).toBe('read');
    expect(refusal(String(MAX_BODY_BYTES + 1))).toBe(
      `413 the request body is ${MAX_BODY_BYTES + 1} bytes; the limit is ${formatBytes(MAX_BODY_BYTES)} as sent (compressed or not)`,
    );
  });

  it('tells zlib-wrapped deflate from raw deflate by the header check, every part of it', () => {
    const deflate = (...bytes: number[]) => compressionOf('deflate', Uint8Array.from(bytes));
    expect(deflate(0x78, 0x9c)).toBe('deflate');
    expect(deflate(0x78, 0x9d)).toBe('deflate-raw');
    expect(deflate(0x79, 0x18)).toBe('deflate-raw');
    expect(deflate(0x88, 0x1c)).toBe('deflate-raw');
    expect(deflate()).toBe('deflate-raw');
    expect(compressionOf(' GZIP ', new Uint8Array())).toBe('gzip');
    expect(compressionOf('x-gzip', new Uint8Array())).toBe('gzip');
    expect(compressionOf(' identity', new Uint8Array())).toBeUndefined();
  });

  it('decompresses a body that arrives in many chunks back to every byte, in order', async () => {
    const original = randomBytes(600 * 1024);
    const out = await streamDecompressor(gzipSync(original), 'gzip', original.length);
    expect(Buffer.from(out).equals(original)).toBe(true);
  });

  it('stops at the limit with an error that says it', async () => {
    const original = Buffer.alloc(300 * 1024, 7);
    const refusal = await streamDecompressor(gzipSync(original), 'gzip', original.length - 1).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(DecodedTooLarge);
    expect([(refusal as Error).name, (refusal as Error).message]).toEqual([
      'DecodedTooLarge',
      `more than ${original.length - 1} bytes once decompressed`,
    ]);
    expect((await streamDecompressor(gzipSync(original), 'gzip', original.length)).length).toBe(original.length);
  });
});
