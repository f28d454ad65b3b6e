import { applyChange, committingStore, type StateChange, type StateStore } from '../platform/state-store.ts';

/** Where a persistent state store writes each change: IndexedDB in the browser, SQLite on the local server. */
export interface StateSink {
  /** Keeps the change whole or throws, keeping nothing of it. */
  commit(change: StateChange): void;
  /**
   * Keeps the change together with others handed in before the next commit (a data directory's group commit),
   * and runs `kept` right after the commit that holds it, in the order the changes came. The promise resolves
   * after `kept` ran, or rejects keeping nothing (then `kept` does not run). Sinks without it commit one by one.
   */
  commitSoon?(change: StateChange, kept: () => void): Promise<void>;
}

/** A state store that also takes changes made elsewhere (another tab) without writing them back. */
export interface PersistentStateStore extends StateStore {
  /** Takes `value` for `key` (undefined removes it) as written by someone else; nothing is written. */
  receive(key: string, value: unknown): void;
}

/**
 * A state store in memory, filled from a snapshot, that writes every change through to `sink` before it
 * changes. Reads stay synchronous, as the reference's core expects; writing per key (not whole snapshots)
 * keeps a tab from overwriting keys another tab changed. A change the sink refuses (a full disk, a lock held
 * elsewhere) throws before memory changes, so what the reference answers never runs ahead of what it kept.
 */
export function persistentStateStore(snapshot: Record<string, unknown>, sink: StateSink): PersistentStateStore {
  const values = new Map<string, unknown>(Object.entries(structuredClone(snapshot)));
  // The sink gets copies, so a caller changing its object afterwards cannot change what is written.
  const store = committingStore(values, (change) =>
    sink.commit(change.set ? { ...change, set: structuredClone(change.set) } : change),
  );
  const { commitSoon } = sink;
  return {
    ...store,
    ...(commitSoon
      ? {
          commitSoon: (change: StateChange, kept: () => void) =>
            commitSoon.call(sink, change.set ? { ...change, set: structuredClone(change.set) } : change, () => {
              applyChange(values, change);
              kept();
            }),
        }
      : {}),
    receive(key, value) {
      if (value === undefined) values.delete(key);
      else applyChange(values, { set: { [key]: value } });
    },
  };
}
