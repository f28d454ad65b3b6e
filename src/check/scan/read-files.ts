import { open } from 'node:fs/promises';

/** A file's bytes, or why it was not read. */
export type ReadOutcome = { ok: true; bytes: Buffer } | { ok: false; reason: string };

/** Files larger than this are skipped by default (generated bundles, data dumps); `--max-file-size` changes it. */
export const DEFAULT_MAX_BYTES = 1024 * 1024;

/** How much of a file's start is searched for a NUL byte to call it binary, as Git does. */
const BINARY_SNIFF = 8000;

/** Reads one file unless it is over the size limit or binary. */
export async function readTextFile(absolute: string, maxBytes: number): Promise<ReadOutcome> {
  let handle: Awaited<ReturnType<typeof open>> | undefined;
  try {
    handle = await open(absolute, 'r');
    const { size } = await handle.stat();
    if (size > maxBytes) return { ok: false, reason: `larger than the size limit (${size} > ${maxBytes} bytes)` };
    const bytes = Buffer.allocUnsafe(size);
    let filled = 0;
    while (filled < size) {
      const { bytesRead } = await handle.read(bytes, filled, size - filled, filled);
      if (bytesRead === 0) break;
      filled += bytesRead;
    }
    const content = bytes.subarray(0, filled);
    if (content.subarray(0, BINARY_SNIFF).includes(0)) return { ok: false, reason: 'binary' };
    return { ok: true, bytes: content };
  } catch (error) {
    return { ok: false, reason: `not readable (${(error as NodeJS.ErrnoException).code ?? String(error)})` };
  } finally {
    await handle?.close();
  }
}

/** Runs `task` over `items` with at most `limit` in flight, keeping memory and open files bounded. */
export async function eachLimited<T>(items: readonly T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await task(item);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
}
