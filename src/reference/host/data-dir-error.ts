/** A data directory that cannot be used at start; the message is one line naming the path and what to do. */
export class DataDirError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DataDirError';
  }
}

import { statfsSync } from 'node:fs';
import path from 'node:path';

const FULL = /disk is full|SQLITE_FULL|ENOSPC|no space left/i;

/** Free space under which a write that failed with an I/O error is taken for a full disk: 1 MiB. */
const NEARLY_FULL_BYTES = 1024 * 1024;

/**
 * Whether a write to `file` failed because its disk is full: SQLite says so itself, or says "disk I/O error"
 * (as it does when a WAL write meets a full disk) while the disk has almost no space left.
 */
export function diskIsFull(file: string, error: unknown): boolean {
  const message = (error as Error).message;
  if (FULL.test(message)) return true;
  if (!/I\/O error|EIO/i.test(message)) return false;
  try {
    const disk = statfsSync(path.dirname(file));
    return disk.bavail * disk.bsize < NEARLY_FULL_BYTES;
  } catch {
    return false;
  }
}

/**
 * Why `file` cannot be written at start, and what to do: a full disk is said as such (making a full disk
 * "writable" helps nobody); anything else is a permission to grant.
 */
export function cannotWrite(file: string, error: unknown, dir?: string, verb = 'written'): string {
  const message = (error as Error).message;
  if (diskIsFull(file, error))
    return `${file} cannot be ${verb}: the disk is full (${message}); free space on it, or pass a --data-dir on another disk`;
  return `${file} cannot be ${verb} (${message}); make ${dir ?? 'it and its directory'} writable, or pass another --data-dir`;
}
