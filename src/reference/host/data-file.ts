/**
 * Opening the data directory's file and checking that it is the reference's: the tables a fresh file gets, the
 * format and versions a start reads, the write a start makes so an unwritable file is found then, and how a
 * refusal is said (a file the server may not write, or one that is not its own, to be moved away).
 */
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { cannotWrite, DataDirError, diskIsFull } from './data-dir-error.ts';
import { ERROR_GROUP_FILE, type ErrorGroupFile, openErrorGroupFile } from './error-group-file.ts';
import type { Database, loadSqlite } from './sqlite.ts';

/** What the file says it is, so a foreign SQLite file is refused rather than written into. */
const FORMAT = 'sunset-reference';
/** Raised when the tables change shape; 2 compresses journal entries and keeps keys and issues a row each. */
const VERSION = '2';
/** Versions this one reads. */
const READS = ['2'];

/**
 * Where rows a start could not load are kept, with where they came from (`state` or `journal`), their key or
 * sequence number, their stored value as it was, and why they failed; added to files of version 2 on open.
 */
const QUARANTINE_TABLE = `CREATE TABLE IF NOT EXISTS quarantine (id INTEGER PRIMARY KEY AUTOINCREMENT,
  source TEXT NOT NULL, key TEXT NOT NULL, value BLOB, problem TEXT NOT NULL, quarantined_at TEXT NOT NULL);`;

export const MOVE_AWAY = 'the reference keeps its data only in a file it created: move the file away or pass another --data-dir';

/** The error groups' archive, made anew; what stands in its place and cannot be removed refuses the start, naming it. */
export function openArchive(dir: string, DatabaseSync: Awaited<ReturnType<typeof loadSqlite>>): ErrorGroupFile {
  try {
    return openErrorGroupFile(dir, DatabaseSync);
  } catch (error) {
    throw new DataDirError(cannotWrite(path.join(dir, ERROR_GROUP_FILE), error));
  }
}

/**
 * A file SQLite would not open or check at start, as the start's refusal: one it may not write (or whose
 * disk is full) says so; anything else is not ours (`what` says how), to be moved away.
 */
export function startRefusal(file: string, error: unknown, what: string): DataDirError {
  const message = (error as Error).message;
  if (diskIsFull(file, error) || /readonly|read-only|permission/i.test(message))
    return new DataDirError(cannotWrite(file, error));
  return new DataDirError(`${file} ${what} (${message}); ${MOVE_AWAY}`);
}

export function openFile(file: string, DatabaseSync: Awaited<ReturnType<typeof loadSqlite>>): Database {
  const fresh = !existsSync(file) || statSync(file).size === 0;
  let db: Database;
  try {
    db = new DatabaseSync(file);
    db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL;');
  } catch (error) {
    throw startRefusal(file, error, 'is not a readable SQLite database');
  }
  try {
    if (fresh) {
      db.exec(`BEGIN; CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
        CREATE TABLE state (key TEXT PRIMARY KEY, value TEXT NOT NULL);
        CREATE TABLE journal (seq INTEGER PRIMARY KEY AUTOINCREMENT, entry BLOB NOT NULL);
        ${QUARANTINE_TABLE}`);
      db.prepare('INSERT INTO meta (key, value) VALUES (?, ?), (?, ?)').run('format', FORMAT, 'version', VERSION);
      db.exec('COMMIT');
    }
    checkOurs(db, file);
    db.exec('PRAGMA quick_check;');
  } catch (error) {
    // Said by openDataDir, which closes only what it opened.
    db.close();
    throw error;
  }
  // A write now, so a file or directory the server may read but not write is found at start, not on the first request.
  try {
    db.exec(QUARANTINE_TABLE);
    db.prepare('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value').run(
      'opened_at',
      new Date().toISOString(),
    );
  } catch (error) {
    // Another process holding the write lock for a moment (a backup) is not a file we cannot write: while it
    // holds it, writes are answered 503.
    if (/locked|busy/i.test((error as Error).message)) return db;
    db.close();
    throw new DataDirError(cannotWrite(file, error));
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
