/**
 * The local server's `--data-dir`: one SQLite file, `reference.sqlite`, through Node's built-in `node:sqlite`
 * (no dependency). It holds the state store (keys, settings, issues, usage counts) as JSON per key and the
 * journal of accepted events in order, each entry compressed or, where it cannot multiply, JSON text
 * (`journal-codec.ts`). A change is durable
 * (`synchronous = FULL`) and written before memory changes: a request is on disk before its 2xx is sent, and
 * a change SQLite refuses leaves nothing. Settings, keys and statuses are one transaction each, inside the
 * handler; ingested events are committed in groups (`group-commit.ts`): the requests that arrive while one
 * group is written share the next transaction, and each is answered after the commit that holds it. One
 * server owns a directory at a time (see `data-dir-lock.ts`). Beside the file, `error-groups.sqlite` holds the
 * error groups let go from memory (`error-group-file.ts`), rebuilt from the journal on every start.
 *
 * Every row is checked by one schema (`stored-rows.ts`) twice: before the transaction that writes it (a row
 * that fails is refused with a 400 and nothing is kept) and when a start reads it back. A row that fails at
 * start (edited by hand, written by an older reference) never stops the start: it is moved to the
 * `quarantine` table, and the server serves the rest and says so in one line.
 */
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import type { StateSink } from '../browser/persistent-state-store.ts';
import type { JournalEntry } from '../browser/world-journal.ts';
import { ApiError } from '../platform/api-error.ts';
import type { StateChange } from '../platform/state-store.ts';
import { DataDirError } from './data-dir-error.ts';
import { type DataDirLock, lockDataDir } from './data-dir-lock.ts';
import { MOVE_AWAY, openArchive, openFile, startRefusal } from './data-file.ts';
import type { ErrorGroupFile } from './error-group-file.ts';
import { groupCommit } from './group-commit.ts';
import { decodeJournalEntry, encodeJournalEntry } from './journal-codec.ts';
import { type Database, loadSqlite } from './sqlite.ts';
import { readJournalRow, stateRowProblem } from './stored-rows.ts';

/** The file inside the data directory. */
export const DATA_FILE = 'reference.sqlite';

/** What a running server reads on start and writes as it goes. */
export interface DataDir extends StateSink {
  /** The file's path, for messages. */
  file: string;
  /** Every state key and its value. */
  snapshot(): Record<string, unknown>;
  /** Every journal entry, in the order written. */
  journal(): JournalEntry[];
  /**
   * The one line that says how many rows the reads above moved to the quarantine table and names them, or
   * undefined when every row loaded.
   */
  quarantined(): string | undefined;
  /** The archive of error groups let go from memory, rebuilt by every start (`error-group-file.ts`). */
  errorGroups: ErrorGroupFile;
  /** Releases the files and the directory's lock. */
  close(): void;
}

/** Opens (creating when absent) the data directory's database, checking that an existing file is ours. */
export async function openDataDir(dir: string): Promise<DataDir> {
  const DatabaseSync = await loadSqlite();
  const file = path.join(dir, DATA_FILE);
  if (existsSync(file) && !statSync(file).isFile()) throw new DataDirError(`${file} is not a file; ${MOVE_AWAY}`);
  const lock = lockDataDir(dir, DatabaseSync);
  let db: Database | undefined;
  let archive: ErrorGroupFile | undefined;
  try {
    db = openFile(file, DatabaseSync);
    archive = openArchive(dir, DatabaseSync);
    return wrap(db, file, lock, archive);
  } catch (error) {
    // Whatever opened before the refusal is closed: a refused start holds no file of the directory.
    archive?.close();
    db?.close();
    lock.release();
    if (error instanceof DataDirError) throw error;
    // SQLite refused to read or write the file's tables, or a file that says it is ours lacks one the server
    // writes (`wrap` prepares its statements).
    throw startRefusal(file, error, 'is not a Sunset reference database');
  }
}

/** A row a start could not load: where it was, its stored value, and why. */
interface BadRow {
  source: 'state' | 'journal';
  key: string;
  value: Uint8Array | string;
  /** The row as a message names it: `state row "key"` or `journal row 12 (ingested)`. */
  name: string;
  problem: string;
}

/** Rows named in full in the quarantine line; the rest are counted. */
const NAMED_ROWS = 3;
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

/**
 * Why a change cannot be kept (a row the next start would refuse), or undefined: the same schema the start
 * applies, checked before the transaction so no request stores what a start cannot load.
 */
function changeProblem(change: StateChange): string | undefined {
  for (const [key, value] of Object.entries(change.set ?? {})) {
    const problem = stateRowProblem(key, value);
    if (problem) return `state "${key}": ${problem}`;
  }
  for (const entry of change.journal ?? []) {
    const read = readJournalRow(entry);
    if ('problem' in read) return `${(entry as { kind?: string }).kind ?? 'journal'} entry: ${read.problem}`;
  }
  return undefined;
}

/** A change encoded for its transaction: values as JSON, journal entries compressed. */
interface EncodedChange {
  set: (readonly [string, string])[];
  delete: readonly string[];
  entries: (Uint8Array | string)[];
}

/** Checks a change (a 400 when a start could not load it) and encodes it, before any lock is taken. */
function encodeChange(change: StateChange): EncodedChange {
  const problem = changeProblem(change);
  if (problem)
    throw new ApiError(
      400,
      `400 Bad Request: the request carries a value the reference cannot keep (${problem}); nothing of it was kept`,
    );
  return {
    set: Object.entries(change.set ?? {}).map(([key, value]) => [key, JSON.stringify(value)] as const),
    delete: change.delete ?? [],
    entries: (change.journal ?? []).map((entry) => encodeJournalEntry(entry as JournalEntry, change.sentBytes)),
  };
}

function wrap(db: Database, file: string, lock: DataDirLock, errorGroups: ErrorGroupFile): DataDir {
  const put = db.prepare('INSERT INTO state (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value');
  const remove = db.prepare('DELETE FROM state WHERE key = ?');
  const append = db.prepare('INSERT INTO journal (entry) VALUES (?)');
  const writeAll = (changes: readonly EncodedChange[]) =>
    transaction(db, file, () => {
      for (const change of changes) {
        for (const [key, value] of change.set) put.run(key, value);
        for (const key of change.delete) remove.run(key);
        for (const entry of change.entries) append.run(entry);
      }
    });
  const group = groupCommit(writeAll);
  let open = true;
  const bad: BadRow[] = [];
  /** Whether a move to the quarantine table was refused (the rows then stay where they are). */
  let moveRefused = false;

  /** Moves the bad rows found so far to the quarantine table, in one transaction; a refused move keeps them in place. */
  const quarantine = (rows: BadRow[]) => {
    if (rows.length === 0) return;
    const at = new Date().toISOString();
    const keep = db.prepare('INSERT INTO quarantine (source, key, value, problem, quarantined_at) VALUES (?, ?, ?, ?, ?)');
    const dropState = db.prepare('DELETE FROM state WHERE key = ?');
    const dropJournal = db.prepare('DELETE FROM journal WHERE seq = ?');
    try {
      transaction(db, file, () => {
        for (const row of rows) {
          keep.run(row.source, row.key, row.value, row.problem, at);
          if (row.source === 'state') dropState.run(row.key);
          else dropJournal.run(Number(row.key));
        }
      });
    } catch {
      // The rows stay where they are (the next start tries again); the server still serves without them.
      moveRefused = true;
    }
  };

  return {
    file,
    errorGroups,
    snapshot() {
      const snapshot: Record<string, unknown> = {};
      const found: BadRow[] = [];
      for (const row of db.prepare('SELECT key, value FROM state').all() as { key: string; value: string }[]) {
        const name = `state row "${row.key}"`;
        let value: unknown;
        try {
          value = JSON.parse(row.value);
        } catch {
          found.push({ source: 'state', key: row.key, value: row.value, name, problem: 'not valid JSON' });
          continue;
        }
        const problem = stateRowProblem(row.key, value);
        if (problem) found.push({ source: 'state', key: row.key, value: row.value, name, problem });
        else snapshot[row.key] = value;
      }
      quarantine(found);
      bad.push(...found);
      return snapshot;
    },
    journal() {
      const entries: JournalEntry[] = [];
      const found: BadRow[] = [];
      for (const row of db.prepare('SELECT seq, entry FROM journal ORDER BY seq').all() as {
        seq: number;
        entry: Uint8Array | string;
      }[]) {
        const base = { source: 'journal' as const, key: String(row.seq), value: row.entry };
        let value: unknown;
        try {
          value = decodeJournalEntry(row.entry);
        } catch (error) {
          const problem = `not a journal entry (${(error as Error).message})`;
          found.push({ ...base, name: `journal row ${row.seq}`, problem });
          continue;
        }
        const entry = readJournalRow(value);
        if ('problem' in entry) {
          const kind = (value as { kind?: unknown } | null)?.kind;
          found.push({
            ...base,
            name: `journal row ${row.seq}${typeof kind === 'string' ? ` (${kind})` : ''}`,
            problem: entry.problem,
          });
        } else entries.push(entry);
      }
      quarantine(found);
      bad.push(...found);
      return entries;
    },
    quarantined() {
      if (bad.length === 0) return undefined;
      const named = bad
        .slice(0, NAMED_ROWS)
        .map((row) => `${row.name}: ${row.problem.slice(0, 200)}`)
        .join('; ');
      const more = bad.length > NAMED_ROWS ? `; and ${bad.length - NAMED_ROWS} more` : '';
      const where = moveRefused
        ? 'they could not be moved to its quarantine table now (the file refused the write) and are skipped'
        : 'they are moved to its quarantine table (SELECT * FROM quarantine) and the rest is served';
      return `${file}: ${bad.length} ${bad.length === 1 ? 'row' : 'rows'} this reference cannot load (${named}${more}); ${where}`;
    },
    commit(change: StateChange) {
      if (!open) throw refused(file, new Error('the server is stopping'));
      // Encoded before the transaction: the lock is held only for the writes.
      writeAll([encodeChange(change)]);
    },
    commitSoon(change: StateChange, kept: () => void) {
      if (!open) return Promise.reject(refused(file, new Error('the server is stopping')));
      let encoded: EncodedChange;
      try {
        encoded = encodeChange(change);
      } catch (error) {
        return Promise.reject(error);
      }
      return group.add(encoded, kept);
    },
    close() {
      if (!open) return;
      open = false;
      // What waits for its group is written (and answered) before the file closes.
      group.flush();
      db.close();
      errorGroups.close();
      lock.release();
    },
  };
}
