/**
 * The local server's `--data-dir`: one SQLite file, `reference.sqlite`, through Node's built-in `node:sqlite`
 * (no dependency). It holds the state store (keys, settings, issues, usage counts) as JSON per key and the
 * journal of accepted events in order, each entry compressed (`journal-codec.ts`). A request's change is one transaction,
 * synchronous and durable (`synchronous = FULL`), written inside the handler before memory changes: a
 * request is on disk before its 2xx is sent, and a change SQLite refuses leaves nothing. One server owns a
 * directory at a time (see `data-dir-lock.ts`).
 */
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import type { StateSink } from '../browser/persistent-state-store.ts';
import type { JournalEntry } from '../browser/world-journal.ts';
import { ApiError } from '../platform/api-error.ts';
import type { StateChange } from '../platform/state-store.ts';
import { DataDirError } from './data-dir-error.ts';
import { type DataDirLock, lockDataDir } from './data-dir-lock.ts';
import { decodeJournalEntry, encodeJournalEntry } from './journal-codec.ts';
import { type Database, loadSqlite } from './sqlite.ts';
import { readJournalRow, stateRowProblem } from './stored-rows.ts';

/** The file inside the data directory. */
export const DATA_FILE = 'reference.sqlite';

/** What the file says it is, so a foreign SQLite file is refused rather than written into. */
const FORMAT = 'sunset-reference';
/** Raised when the tables change shape; 2 compresses journal entries and keeps keys and issues a row each. */
const VERSION = '2';
/** Versions this one reads. */
const READS = ['2'];

/** What a running server reads on start and writes as it goes. */
export interface DataDir extends StateSink {
  /** The file's path, for messages. */
  file: string;
  /** Every state key and its value. */
  snapshot(): Record<string, unknown>;
  /** Every journal entry, in the order written. */
  journal(): JournalEntry[];
  /** Releases the file and the directory's lock. */
  close(): void;
}

const MOVE_AWAY = 'the reference keeps its data only in a file it created: move the file away or pass another --data-dir';

/** Opens (creating when absent) the data directory's database, checking that an existing file is ours. */
export async function openDataDir(dir: string): Promise<DataDir> {
  const DatabaseSync = await loadSqlite();
  const file = path.join(dir, DATA_FILE);
  if (existsSync(file) && !statSync(file).isFile()) throw new DataDirError(`${file} is not a file; ${MOVE_AWAY}`);
  const lock = lockDataDir(dir, DatabaseSync);
  try {
    return wrap(openFile(file, DatabaseSync), file, lock);
  } catch (error) {
    lock.release();
    throw error;
  }
}

function openFile(file: string, DatabaseSync: Awaited<ReturnType<typeof loadSqlite>>): Database {
  const fresh = !existsSync(file) || statSync(file).size === 0;
  let db: Database;
  try {
    db = new DatabaseSync(file);
    db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL;');
  } catch (error) {
    throw new DataDirError(`${file} is not a readable SQLite database (${(error as Error).message}); ${MOVE_AWAY}`);
  }
  try {
    if (fresh) {
      db.exec(`BEGIN; CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
        CREATE TABLE state (key TEXT PRIMARY KEY, value TEXT NOT NULL);
        CREATE TABLE journal (seq INTEGER PRIMARY KEY AUTOINCREMENT, entry BLOB NOT NULL);`);
      db.prepare('INSERT INTO meta (key, value) VALUES (?, ?), (?, ?)').run('format', FORMAT, 'version', VERSION);
      db.exec('COMMIT');
    }
    checkOurs(db, file);
    db.exec('PRAGMA quick_check;');
  } catch (error) {
    db.close();
    if (error instanceof DataDirError) throw error;
    const message = (error as Error).message;
    if (/readonly|read-only|permission|access/i.test(message))
      throw new DataDirError(
        `${file} cannot be written (${message}); make it and its directory writable, or pass another --data-dir`,
      );
    throw new DataDirError(`${file} is not a Sunset reference database (${message}); ${MOVE_AWAY}`);
  }
  // A write now, so a file or directory the server may read but not write is found at start, not on the first request.
  try {
    db.prepare('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value').run(
      'opened_at',
      new Date().toISOString(),
    );
  } catch (error) {
    // Another process holding the write lock for a moment (a backup) is not a file we cannot write: while it
    // holds it, writes are answered 503.
    if (/locked|busy/i.test((error as Error).message)) return db;
    db.close();
    throw new DataDirError(
      `${file} cannot be written (${(error as Error).message}); make it and its directory writable, or pass another --data-dir`,
    );
  }
  return db;
}

function checkOurs(db: Database, file: string): void {
  const rows = db.prepare('SELECT key, value FROM meta').all() as { key: string; value: string }[];
  const meta = Object.fromEntries(rows.map((row) => [row.key, row.value]));
  if (meta.format !== FORMAT)
    throw new DataDirError(`${file} is a SQLite database of something else (format ${meta.format ?? 'missing'}); ${MOVE_AWAY}`);
  if (!READS.includes(meta.version ?? ''))
    throw new DataDirError(
      `${file} was written by another version of the reference (data version ${meta.version}, this one reads ${READS.join(' and ')}); ${MOVE_AWAY}`,
    );
}

/** A row the server cannot load: the message names the file, the row and the field. */
const badRow = (file: string, row: string, problem: string) =>
  new DataDirError(`${file}, ${row}: ${problem}; the file holds data no request stored: move it away or pass another --data-dir`);

/**
 * Runs a change as one transaction; anything SQLite refuses (a full disk, a lock held by another process, an
 * I/O error) rolls it back and becomes a 503 that names the file, so the request is answered, nothing of it
 * is kept, and the client may retry (the host adds `Retry-After` to every 503).
 */
function transaction(db: Database, file: string, write: () => void): void {
  try {
    db.exec('BEGIN IMMEDIATE');
  } catch (error) {
    throw refused(file, error);
  }
  try {
    write();
    db.exec('COMMIT');
  } catch (error) {
    try {
      db.exec('ROLLBACK');
    } catch {
      // SQLite may have rolled back already (a full disk does); the transaction is over either way.
    }
    throw refused(file, error);
  }
}

const refused = (file: string, error: unknown) =>
  new ApiError(
    503,
    `503 Service Unavailable: the reference could not write to ${file} (${(error as Error).message}); nothing of this request was kept, so it can be sent again`,
  );

function wrap(db: Database, file: string, lock: DataDirLock): DataDir {
  const put = db.prepare('INSERT INTO state (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value');
  const remove = db.prepare('DELETE FROM state WHERE key = ?');
  const append = db.prepare('INSERT INTO journal (entry) VALUES (?)');
  let open = true;
  return {
    file,
    snapshot() {
      const snapshot: Record<string, unknown> = {};
      for (const row of db.prepare('SELECT key, value FROM state').all() as { key: string; value: string }[]) {
        let value: unknown;
        try {
          value = JSON.parse(row.value);
        } catch {
          throw badRow(file, `state row "${row.key}"`, 'not valid JSON');
        }
        const problem = stateRowProblem(row.key, value);
        if (problem) throw badRow(file, `state row "${row.key}"`, problem);
        snapshot[row.key] = value;
      }
      return snapshot;
    },
    journal() {
      const entries: JournalEntry[] = [];
      for (const row of db.prepare('SELECT seq, entry FROM journal ORDER BY seq').all() as {
        seq: number;
        entry: Uint8Array | string;
      }[]) {
        let value: unknown;
        try {
          value = decodeJournalEntry(row.entry);
        } catch (error) {
          throw badRow(file, `journal row ${row.seq}`, `not a journal entry (${(error as Error).message})`);
        }
        const entry = readJournalRow(value);
        if ('problem' in entry) {
          const kind = (value as { kind?: unknown } | null)?.kind;
          throw badRow(file, `journal row ${row.seq}${typeof kind === 'string' ? ` (${kind})` : ''}`, entry.problem);
        }
        entries.push(entry);
      }
      return entries;
    },
    commit(change: StateChange) {
      if (!open) throw refused(file, new Error('the server is stopping'));
      // Encoded before the transaction: the lock is held only for the writes.
      const set = Object.entries(change.set ?? {}).map(([key, value]) => [key, JSON.stringify(value)] as const);
      const entries = (change.journal ?? []).map((entry) => encodeJournalEntry(entry as JournalEntry));
      transaction(db, file, () => {
        for (const [key, value] of set) put.run(key, value);
        for (const key of change.delete ?? []) remove.run(key);
        for (const entry of entries) append.run(entry);
      });
    },
    close() {
      if (!open) return;
      open = false;
      db.close();
      lock.release();
    },
  };
}
