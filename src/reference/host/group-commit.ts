/**
 * Group commit for the data directory: changes handed in while the event loop is busy (a commit running,
 * other requests being read) wait for the next turn and are written together, in the order they came, as one
 * transaction. Each caller is told only after the transaction that holds its change committed, so an answer
 * sent after it still means the change is on disk; a refused transaction refuses every change in it, and none
 * of them is kept. What a change does to memory (`kept`) runs right after that commit, in the same order as
 * the changes were written, so memory replays exactly as the journal does on the next start.
 */

/** One change waiting for its group's commit. */
interface Waiting<Change> {
  change: Change;
  kept: () => void;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/** A group committer. */
export interface GroupCommit<Change> {
  /**
   * Queues `change` for the next group. The promise settles after the commit that holds it: resolved once
   * `kept` ran, rejected with the write's error when the transaction was refused (`kept` does not run).
   */
  add(change: Change, kept: () => void): Promise<void>;
  /** Writes what is queued now, as one group (also run on the next turn of the event loop after an `add`). */
  flush(): void;
  /** How many changes wait for a commit. */
  waiting(): number;
}

/**
 * A group committer over `write`, which keeps a list of changes as one transaction or throws keeping none.
 * `schedule` runs the flush after the current turn (`setImmediate` by default: requests read in the same turn
 * join the group).
 */
export function groupCommit<Change>(
  write: (changes: readonly Change[]) => void,
  schedule: (flush: () => void) => void = setImmediate,
): GroupCommit<Change> {
  let queue: Waiting<Change>[] = [];
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    if (queue.length === 0) return;
    const group = queue;
    queue = [];
    try {
      write(group.map((waiting) => waiting.change));
    } catch (error) {
      for (const waiting of group) waiting.reject(error);
      return;
    }
    for (const waiting of group) {
      try {
        waiting.kept();
        waiting.resolve();
      } catch (error) {
        waiting.reject(error);
      }
    }
  };
  return {
    add(change, kept) {
      return new Promise<void>((resolve, reject) => {
        queue.push({ change, kept, resolve, reject });
        if (!scheduled) {
          scheduled = true;
          schedule(flush);
        }
      });
    },
    flush,
    waiting: () => queue.length,
  };
}
