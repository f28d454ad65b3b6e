/**
 * Local servers on a data directory, started in this process the way `npm run reference -- --data-dir DIR`
 * starts one (`startReferenceServer`), without the sample so a start takes milliseconds; and the reads a test
 * makes of what such a server keeps.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DATA_FILE } from '../../../src/reference/host/data-dir.ts';
import { loadReferenceSource, type ReferenceSource } from '../../../src/reference/reference-source.ts';
import { type RunningServer, type StartOptions, startReferenceServer } from '../../../src/reference/start-server.ts';

let source: Promise<ReferenceSource> | undefined;

/** Starts a server on `dataDir` on a free port, with the register read once per test file. */
export async function startDurable(dataDir: string, options: Omit<StartOptions, 'dataDir'> = {}): Promise<RunningServer> {
  source ??= loadReferenceSource();
  return startReferenceServer({ port: 0, host: '127.0.0.1', sample: false, source: await source, ...options, dataDir });
}

/**
 * A fresh temporary directory and how to remove it: in memory (`/dev/shm`) where there is one, since what
 * these tests check is what a transaction keeps, not how long the disk takes to flush it.
 */
export function scratchDir(prefix = 'sunset-data-'): { dir: string; remove(): void } {
  const dir = mkdtempSync(path.join(existsSync('/dev/shm') ? '/dev/shm' : tmpdir(), prefix));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** The data file of a directory. */
export const dataFile = (dir: string): string => path.join(dir, DATA_FILE);

/**
 * Another process's hold on the data file's write lock (a backup tool, say), from a connection of its own:
 * every write the server tries meanwhile is refused.
 */
export async function holdWriteLock(dir: string): Promise<{ release(): void }> {
  const { DatabaseSync } = await import('node:sqlite');
  const db = new DatabaseSync(dataFile(dir));
  db.exec('BEGIN IMMEDIATE');
  return {
    release() {
      db.exec('ROLLBACK');
      db.close();
    },
  };
}

/** Bytes the data file's rows hold: every state value and journal entry, as stored. */
export async function storedBytes(dir: string): Promise<number> {
  const { DatabaseSync } = await import('node:sqlite');
  const db = new DatabaseSync(dataFile(dir), { readOnly: true });
  try {
    const row = db
      .prepare(
        'SELECT (SELECT COALESCE(SUM(LENGTH(CAST(value AS BLOB)) + LENGTH(key)), 0) FROM state) + (SELECT COALESCE(SUM(LENGTH(entry)), 0) FROM journal) AS bytes',
      )
      .get() as { bytes: number };
    return row.bytes;
  } finally {
    db.close();
  }
}
