/**
 * The in-browser world in IndexedDB: the state store's keys in `state`, and the journal of in-memory changes
 * in `journal` under increasing sequence numbers. Callers do not wait for writes (the reference's core is
 * synchronous): writes made in one task are gathered and committed together in one transaction, which
 * keeps seeding (thousands of usage-counter updates) to a handful of transactions. `settled()` waits for
 * every write issued so far.
 */
import type { StateChange } from '../platform/state-store.ts';
import type { JournalEntry } from './world-journal.ts';

const DATABASE = 'sunset-demo-world';
/** 2: client keys and issues are a row each; a world kept by version 1 (lists) starts afresh. */
const VERSION = 2;
const STATE = 'state';
const JOURNAL = 'journal';

/** A journal entry with its sequence number. */
export interface SequencedEntry {
  seq: number;
  entry: JournalEntry;
}

/** The world's database. */
export interface WorldDatabase {
  /**
   * Writes a change's keys and appends its journal entries in one transaction (with the other changes of the
   * same task); resolves with the entries' sequence numbers once committed.
   */
  commit(change: StateChange): Promise<number[]>;
  /** Every state key and value. */
  readState(): Promise<Record<string, unknown>>;
  /** The values of some keys (absent ones are undefined). */
  readKeys(keys: readonly string[]): Promise<Record<string, unknown>>;
  /** Journal entries with a sequence number above `after`, in order. */
  readJournal(after?: number): Promise<SequencedEntry[]>;
  /** Removes everything. */
  clear(): Promise<void>;
  /** Resolves when every write issued so far has been committed. */
  settled(): Promise<void>;
}

const done = <T>(request: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });

const committed = (transaction: IDBTransaction) =>
  new Promise<void>((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onerror = () => reject(transaction.error);
    transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB transaction aborted'));
  });

/** Opens (creating on first use) the world's database. */
export async function openWorldDatabase(): Promise<WorldDatabase> {
  const opening = indexedDB.open(DATABASE, VERSION);
  opening.onupgradeneeded = () => {
    const db = opening.result;
    for (const name of [STATE, JOURNAL]) if (db.objectStoreNames.contains(name)) db.deleteObjectStore(name);
    db.createObjectStore(STATE);
    db.createObjectStore(JOURNAL, { autoIncrement: true });
  };
  const db = await done(opening);
  // Another tab asking for a newer version gets it: this one closes and continues from memory.
  db.onversionchange = () => db.close();

  let stateChanges = new Map<string, { value: unknown } | 'deleted'>();
  let appends: { entry: JournalEntry; resolve(seq: number): void; reject(error: unknown): void }[] = [];
  let scheduled = false;
  const inFlight = new Set<Promise<void>>();

  const flush = async () => {
    scheduled = false;
    const changes = stateChanges;
    const entries = appends;
    stateChanges = new Map();
    appends = [];
    const transaction = db.transaction([STATE, JOURNAL], 'readwrite');
    const state = transaction.objectStore(STATE);
    for (const [key, change] of changes) {
      if (change === 'deleted') state.delete(key);
      else state.put(change.value, key);
    }
    const added = Promise.all(entries.map(({ entry }) => done(transaction.objectStore(JOURNAL).add(entry))));
    added.catch(() => undefined); // a failed write is reported once, below
    try {
      await committed(transaction);
      const seqs = await added;
      for (const [index, item] of entries.entries()) item.resolve(Number(seqs[index]));
    } catch (error) {
      for (const item of entries) item.reject(error);
      reportWriteFailure(error);
    }
  };
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    const run = new Promise<void>((resolve) => setTimeout(resolve, 0)).then(flush);
    inFlight.add(run);
    void run.finally(() => inFlight.delete(run));
  };

  const append = (entry: JournalEntry) => new Promise<number>((resolve, reject) => appends.push({ entry, resolve, reject }));

  return {
    commit(change) {
      for (const [key, value] of Object.entries(change.set ?? {})) stateChanges.set(key, { value });
      for (const key of change.delete ?? []) stateChanges.set(key, 'deleted');
      const sequences = Promise.all((change.journal ?? []).map((entry) => append(entry as JournalEntry)));
      schedule();
      return sequences;
    },
    async readState() {
      const objects = db.transaction(STATE, 'readonly').objectStore(STATE);
      const [keys, values] = await Promise.all([done(objects.getAllKeys()), done(objects.getAll())]);
      return Object.fromEntries(keys.map((key, index) => [String(key), values[index]]));
    },
    async readKeys(keys) {
      const objects = db.transaction(STATE, 'readonly').objectStore(STATE);
      const values = await Promise.all(keys.map((key) => done(objects.get(key))));
      return Object.fromEntries(keys.map((key, index) => [key, values[index]]));
    },
    async readJournal(after = 0) {
      const objects = db.transaction(JOURNAL, 'readonly').objectStore(JOURNAL);
      const range = IDBKeyRange.lowerBound(after, true);
      const [keys, values] = await Promise.all([done(objects.getAllKeys(range)), done(objects.getAll(range))]);
      return keys.map((key, index) => ({ seq: Number(key), entry: values[index] as JournalEntry }));
    },
    async clear() {
      const transaction = db.transaction([STATE, JOURNAL], 'readwrite');
      transaction.objectStore(STATE).clear();
      transaction.objectStore(JOURNAL).clear();
      await committed(transaction);
    },
    async settled() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
  };
}

function reportWriteFailure(error: unknown): void {
  console.error('demo data could not be saved in IndexedDB; it stays in this page until reload:', error);
}
