import type { StateStore } from '../platform/state-store.ts';

/** Where a persistent state store writes each change; IndexedDB in the browser. */
export interface StateSink {
  put(key: string, value: unknown): void;
  delete(key: string): void;
}

/** A state store that also takes changes made elsewhere (another tab) without writing them back. */
export interface PersistentStateStore extends StateStore {
  /** Takes `value` for `key` (undefined removes it) as written by someone else; nothing is written. */
  receive(key: string, value: unknown): void;
}

/**
 * A state store in memory, filled from a snapshot, that writes every change through to `sink` key by key.
 * Reads stay synchronous, as the reference's core expects; writing per key (not whole snapshots) keeps a
 * tab from overwriting keys another tab changed. The sink is written first: a write it refuses (a full
 * disk) throws before memory changes, so what the reference answers never runs ahead of what it kept.
 */
export function persistentStateStore(snapshot: Record<string, unknown>, sink: StateSink): PersistentStateStore {
  const values = new Map<string, unknown>(Object.entries(structuredClone(snapshot)));
  return {
    // A copy, so a caller cannot change the store behind its back (structuredClone(undefined) is undefined).
    get: <T>(key: string) => structuredClone(values.get(key)) as T | undefined,
    set(key, value) {
      const copy = structuredClone(value);
      sink.put(key, copy);
      values.set(key, copy);
    },
    delete(key) {
      if (values.has(key)) sink.delete(key);
      values.delete(key);
    },
    keys: (prefix = '') => [...values.keys()].filter((key) => key.startsWith(prefix)).sort(),
    receive(key, value) {
      if (value === undefined) values.delete(key);
      else values.set(key, structuredClone(value));
    },
  };
}
