/**
 * The in-browser world in IndexedDB: the state store's keys in `state`, and the journal of in-memory changes
 * in `journal` under increasing sequence numbers. Writes are issued in order and not awaited by callers (the
 * reference's core is synchronous); `settled()` waits for every write issued so far.
 */
import type { StateSink } from './persistent-state-store.ts';
import type { JournalEntry } from './world-journal.ts';

const DATABASE = 'sunset-demo-world';
const VERSION = 1;
const STATE = 'state';
const JOURNAL = 'journal';

/** A journal entry with its sequence number. */
export interface SequencedEntry {
  seq: number;
  entry: JournalEntry;
}

/** The world's database. */
export interface WorldDatabase extends StateSink {
  /** Every state key and value. */
  readState(): Promise<Record<string, unknown>>;
  /** The values of some keys (absent ones are undefined). */
  readKeys(keys: readonly string[]): Promise<Record<string, unknown>>;
  /** Journal entries with a sequence number above `after`, in order. */
  readJournal(after?: number): Promise<SequencedEntry[]>;
  /** Appends an entry; resolves with its sequence number. */
  append(entry: JournalEntry): Promise<number>;
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
    if (!db.objectStoreNames.contains(STATE)) db.createObjectStore(STATE);
    if (!db.objectStoreNames.contains(JOURNAL)) db.createObjectStore(JOURNAL, { autoIncrement: true });
  };
  const db = await done(opening);
  // Another tab asking for a newer version gets it: this one closes and continues from memory.
  db.onversionchange = () => db.close();
  const pending = new Set<Promise<unknown>>();
  const track = <T>(write: Promise<T>) => {
    pending.add(write);
    const forget = () => pending.delete(write);
    write.then(forget, forget);
    return write;
  };
  const write = (store: string, change: (objects: IDBObjectStore) => void) => {
    const transaction = db.transaction(store, 'readwrite');
    change(transaction.objectStore(store));
    return track(committed(transaction));
  };

  return {
    put: (key, value) => {
      write(STATE, (objects) => objects.put(value, key)).catch(reportWriteFailure);
    },
    delete: (key) => {
      write(STATE, (objects) => objects.delete(key)).catch(reportWriteFailure);
    },
    async readState() {
      const transaction = db.transaction(STATE, 'readonly');
      const objects = transaction.objectStore(STATE);
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
    append(entry) {
      const transaction = db.transaction(JOURNAL, 'readwrite');
      const added = done(transaction.objectStore(JOURNAL).add(entry));
      return track(committed(transaction).then(async () => Number(await added)));
    },
    async clear() {
      const transaction = db.transaction([STATE, JOURNAL], 'readwrite');
      transaction.objectStore(STATE).clear();
      transaction.objectStore(JOURNAL).clear();
      await track(committed(transaction));
    },
    async settled() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  };
}

function reportWriteFailure(error: unknown): void {
  console.error('demo data could not be saved in IndexedDB; it stays in this page until reload:', error);
}
