/**
 * A sink that gathers changes while a data directory's world is being built (the sample's usage counts, its
 * errors and key on a first start) and hands them to the real sink as one change when asked, so a start that
 * fails half-way leaves nothing behind; after that every change passes straight through (grouped ones too).
 */
import type { StateSink } from '../browser/persistent-state-store.ts';
import type { StateChange } from '../platform/state-store.ts';

/** A gathering sink. */
export interface GatheringSink extends StateSink {
  /** Commits what was gathered, as one change, to the real sink; from then on changes pass through. */
  flush(): void;
}

/** Merges `next` into `into`, as if applied after it: a later write of a key wins over an earlier one. */
function merge(
  into: { set: Record<string, unknown>; delete: Set<string>; journal: StateChange['journal'][] },
  next: StateChange,
) {
  for (const [key, value] of Object.entries(next.set ?? {})) {
    into.set[key] = value;
    into.delete.delete(key);
  }
  for (const key of next.delete ?? []) {
    delete into.set[key];
    into.delete.add(key);
  }
  if (next.journal?.length) into.journal.push(next.journal);
}

/** Gathers changes for `sink` until `flush()`. */
export function gatheringSink(sink: StateSink): GatheringSink {
  let gathered: Parameters<typeof merge>[0] | undefined = { set: {}, delete: new Set(), journal: [] };
  const gathering: GatheringSink = {
    commit(change) {
      if (gathered) merge(gathered, change);
      else sink.commit(change);
    },
    commitSoon(change, kept) {
      if (!gathered && sink.commitSoon) return sink.commitSoon(change, kept);
      try {
        gathering.commit(change);
        kept();
        return Promise.resolve();
      } catch (error) {
        return Promise.reject(error);
      }
    },
    flush() {
      if (!gathered) return;
      const { set, delete: deleted, journal } = gathered;
      gathered = undefined;
      const entries = journal.flatMap((part) => part ?? []);
      if (Object.keys(set).length === 0 && deleted.size === 0 && entries.length === 0) return;
      sink.commit({ set, delete: [...deleted], journal: entries });
    },
  };
  return gathering;
}
