import { randomBytes } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { DecodedTooLarge, streamDecompressor } from '../../../src/reference/errors/body-decoding.ts';
import { formatBytes, HOUR_MS } from '../../../src/reference/errors/ingestion-limits.ts';

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
    expect(HOUR_MS).toBe(3_600_000);
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
