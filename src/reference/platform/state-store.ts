/**
 * Where the reference implementation keeps state that must outlive a request (settings, onboarding, usage
 * counters). Reads are synchronous so the pure core stays synchronous: hosts that persist asynchronously
 * (a file, IndexedDB) load everything up front and write through in the background.
 */
export interface StateStore {
  /** The value stored under `key`, or undefined. Callers get a copy they may change freely. */
  get<T>(key: string): T | undefined;
  /** Stores a copy of `value` under `key`. */
  set<T>(key: string, value: T): void;
  /** Removes `key`. */
  delete(key: string): void;
  /** Every key that starts with `prefix`, sorted. */
  keys(prefix?: string): string[];
}

/** A state store in memory, optionally filled from a snapshot. `onChange` sees every write, for persistence. */
export function memoryStateStore(
  initial: Record<string, unknown> = {},
  onChange?: (snapshot: Record<string, unknown>) => void,
): StateStore {
  const values = new Map<string, unknown>(Object.entries(structuredClone(initial)));
  const changed = () => onChange?.(Object.fromEntries(values));
  return {
    get: <T>(key: string) => (values.has(key) ? (structuredClone(values.get(key)) as T) : undefined),
    set: (key, value) => {
      values.set(key, structuredClone(value));
      changed();
    },
    delete: (key) => {
      if (values.delete(key)) changed();
    },
    keys: (prefix = '') => [...values.keys()].filter((key) => key.startsWith(prefix)).sort(),
  };
}
