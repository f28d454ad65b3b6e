/**
 * The local server's `--data-dir`: one SQLite file, `reference.sqlite`, through Node's built-in `node:sqlite`
 * (no dependency). It holds the state store (keys, settings, issues, usage counts) as JSON per key and the
 * journal of accepted events in order. Writes are synchronous and durable (`synchronous = FULL`) and happen
 * inside the handler, so a request is on disk before its 2xx is sent.
 */
import { existsSync, mkdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { JournalEntry } from '../browser/world-journal.ts';
import { ApiError } from '../platform/api-error.ts';

/** The file inside the data directory. */
export const DATA_FILE = 'reference.sqlite';

/** What the file says it is, so a foreign SQLite file is refused rather than written into. */
const FORMAT = 'sunset-reference';
/** Raised when the tables change shape. */
const VERSION = '1';

/** What a running server reads on start and writes as it goes. */
export interface DataDir {
  /** The file's path, for messages. */
  file: string;
  /** Every state key and its value. */
  snapshot(): Record<string, unknown>;
  /** Every journal entry, in the order written. */
  journal(): JournalEntry[];
  put(key: string, value: unknown): void;
  delete(key: string): void;
  record(entry: JournalEntry): void;
  close(): void;
}

/** Minimal view of `node:sqlite` used here, so the module loads without it and says why when it is missing. */
interface Database {
  exec(sql: string): void;
  prepare(sql: string): {
    run(...values: unknown[]): unknown;
    all(...values: unknown[]): unknown[];
    get(...values: unknown[]): unknown;
  };
  close(): void;
}

async function sqlite(): Promise<new (file: string) => Database> {
  try {
    const module = (await import('node:sqlite')) as unknown as { DatabaseSync: new (file: string) => Database };
    return module.DatabaseSync;
  } catch (error) {
    throw new Error(
      `--data-dir needs Node's built-in node:sqlite, which this Node (${process.version}) does not provide without a flag; ` +
        `use Node 22.13 or later, or start Node 22.12 with --experimental-sqlite (${(error as Error).message})`,
    );
  }
}

/** A start-up error that names the file and what to do. */
function refuse(file: string, why: string): Error {
  return new Error(
    `${file}: ${why}; the reference keeps its data only in a file it created. Move the file away or pass another --data-dir`,
  );
}

/** Opens (creating when absent) the data directory's database, checking that an existing file is ours. */
export async function openDataDir(dir: string): Promise<DataDir> {
  if (existsSync(dir) && !statSync(dir).isDirectory()) throw new Error(`--data-dir ${dir}: not a directory`);
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, DATA_FILE);
  const fresh = !existsSync(file) || statSync(file).size === 0;
  const DatabaseSync = await sqlite();
  let db: Database;
  try {
    db = new DatabaseSync(file);
    db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL;');
  } catch (error) {
    throw refuse(file, `not a readable SQLite database (${(error as Error).message})`);
  }
  try {
    if (fresh) {
      db.exec(`CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
        CREATE TABLE state (key TEXT PRIMARY KEY, value TEXT NOT NULL);
        CREATE TABLE journal (seq INTEGER PRIMARY KEY AUTOINCREMENT, entry TEXT NOT NULL);`);
      db.prepare('INSERT INTO meta (key, value) VALUES (?, ?), (?, ?)').run('format', FORMAT, 'version', VERSION);
    }
    checkOurs(db, file);
    db.exec('PRAGMA quick_check;');
  } catch (error) {
    db.close();
    if ((error as Error).message.startsWith(file)) throw error;
    throw refuse(file, `not a Sunset reference database (${(error as Error).message})`);
  }
  return wrap(db, file);
}

function checkOurs(db: Database, file: string): void {
  const rows = db.prepare('SELECT key, value FROM meta').all() as { key: string; value: string }[];
  const meta = Object.fromEntries(rows.map((row) => [row.key, row.value]));
  if (meta.format !== FORMAT) throw refuse(file, `a SQLite database of something else (format ${meta.format ?? 'missing'})`);
  if (meta.version !== VERSION)
    throw refuse(file, `written by another version of the reference (data version ${meta.version}, this one reads ${VERSION})`);
  // Every row must parse: a damaged value is found now, not when a request needs it.
  for (const table of ['state', 'journal'] as const) {
    const column = table === 'state' ? 'value' : 'entry';
    for (const row of db.prepare(`SELECT ${column} AS text FROM ${table}`).all() as { text: string }[]) {
      try {
        JSON.parse(row.text);
      } catch {
        throw refuse(file, `a row of ${table} is not valid JSON`);
      }
    }
  }
}

/**
 * Runs a write; one SQLite refuses (a full disk, a lock held by another process, an I/O error) becomes a 503
 * that names the file, so the request is answered, nothing of it is kept, and the client may retry (the
 * host adds `Retry-After` to every 503).
 */
function writing(file: string, write: () => unknown): void {
  try {
    write();
  } catch (error) {
    throw new ApiError(
      503,
      `503 Service Unavailable: the reference could not write to ${file} (${(error as Error).message}); nothing of this request was kept, so it can be sent again`,
    );
  }
}

function wrap(db: Database, file: string): DataDir {
  const put = db.prepare('INSERT INTO state (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value');
  const remove = db.prepare('DELETE FROM state WHERE key = ?');
  const append = db.prepare('INSERT INTO journal (entry) VALUES (?)');
  return {
    file,
    snapshot: () =>
      Object.fromEntries(
        (db.prepare('SELECT key, value FROM state').all() as { key: string; value: string }[]).map((row) => [
          row.key,
          JSON.parse(row.value),
        ]),
      ),
    journal: () =>
      (db.prepare('SELECT entry FROM journal ORDER BY seq').all() as { entry: string }[]).map(
        (row) => JSON.parse(row.entry) as JournalEntry,
      ),
    put: (key, value) => writing(file, () => put.run(key, JSON.stringify(value))),
    delete: (key) => writing(file, () => remove.run(key)),
    record: (entry) => writing(file, () => append.run(JSON.stringify(entry))),
    close: () => db.close(),
  };
}
