/**
 * Where the reference implementation keeps state that must outlive a request (settings, onboarding, usage
 * counters, keys, issues), and the journal of what it keeps in memory only (events, envelopes, statuses).
 * Reads are synchronous so the pure core stays synchronous. Every write is a {@link StateChange} committed
 * whole: a host that persists writes it before the store changes, and a write it refuses throws, leaving
 * the store exactly as it was — so a module commits first and changes its own memory after.
 */

/** A journal entry as the store passes it on: the host knows the kinds (see `browser/world-journal.ts`). */
export interface JournalRecord {
  kind: string;
}

/** One request's writes, kept all or none. */
export interface StateChange {
  /** Keys and their new values. */
  set?: Readonly<Record<string, unknown>>;
  /** Keys to remove. */
  delete?: readonly string[];
  /** Entries appended to the host's journal, in order; a store without a journal drops them. */
  journal?: readonly JournalRecord[];
  /**
   * The bytes the request that made this change sent, when it is one; a host may then keep its journal entry
   * uncompressed where that cannot make it more than twice as large (see `host/journal-codec.ts`).
   */
  sentBytes?: number;
}

/** The state store. */
export interface StateStore {
  /** The value stored under `key`, or undefined. Callers get a copy they may change freely. */
  get<T>(key: string): T | undefined;
  /** Every key that starts with `prefix`, sorted. */
  keys(prefix?: string): string[];
  /** Keeps a change whole or not at all; throws (a 503 where the host persists) when it cannot be kept. */
  commit(change: StateChange): void;
  /**
   * Where the host commits in groups (a data directory): keeps the change with others in one transaction and
   * runs `kept` (the module's change to its own memory) right after that commit; resolves after `kept` ran,
   * rejects (a 503) keeping nothing. Absent where every change is committed on its own.
   */
  commitSoon?(change: StateChange, kept: () => void): Promise<void>;
  /** Stores a copy of `value` under `key`: a change of one key. */
  set<T>(key: string, value: T): void;
  /** Removes `key`. */
  delete(key: string): void;
}

/** Applies a change to a map of values (copies of the values are taken). */
export function applyChange(values: Map<string, unknown>, change: StateChange): void {
  // Most changes (every ingested request's) carry only journal entries: nothing to allocate for them.
  if (change.set) for (const [key, value] of Object.entries(change.set)) values.set(key, structuredClone(value));
  if (change.delete) for (const key of change.delete) values.delete(key);
}

/**
 * Builds a store over `values` whose `commit` runs `keep` first (the host's write, which may throw) and
 * changes the values only after it returned.
 */
export function committingStore(values: Map<string, unknown>, keep: (change: StateChange) => void): StateStore {
  const store: StateStore = {
    get: <T>(key: string) => (values.has(key) ? (structuredClone(values.get(key)) as T) : undefined),
    keys: (prefix = '') => [...values.keys()].filter((key) => key.startsWith(prefix)).sort(),
    commit(change) {
      keep(change);
      applyChange(values, change);
    },
    set: (key, value) => store.commit({ set: { [key]: value } }),
    delete: (key) => {
      if (values.has(key)) store.commit({ delete: [key] });
    },
  };
  return store;
}

/**
 * A state store in memory, optionally filled from a snapshot; the journal is dropped (memory is all there
 * is). `onChange` sees every change, for tests.
 */
export function memoryStateStore(initial: Record<string, unknown> = {}, onChange?: (change: StateChange) => void): StateStore {
  return committingStore(new Map(Object.entries(structuredClone(initial))), (change) => onChange?.(change));
}
