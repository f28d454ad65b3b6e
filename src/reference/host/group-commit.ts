/**
 * Group commit for the data directory: changes handed in while the event loop is busy (a commit running,
 * other requests being read) wait for the next turn and are written together, in the order they came, as one
 * transaction. Each caller is told only after the transaction that holds its change committed, so an answer
 * sent after it still means the change is on disk; a refused transaction refuses every change in it, and none
 * of them is kept. What a change does to memory (`kept`) runs right after that commit, in the same order as
 * the changes were written, so memory replays exactly as the journal does on the next start.
 *
 * A group is written on the next turn once as many changes wait as the previous group held (steady traffic
 * from N clients makes groups of N, and one fsync serves them all); with fewer, it waits at most
 * {@link MAX_WAIT_MS} for more. A lone change after a lone change is written on the next turn.
 */

/** The longest a change waits for others to join its group. */
export const MAX_WAIT_MS = 1;

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

/** How a group committer gets its flush run: on the next turn, or after {@link MAX_WAIT_MS}. */
export interface FlushTiming {
  /** Runs `flush` after the current turn of the event loop (`setImmediate`). */
  soon(flush: () => void): void;
  /** Runs `flush` after the longest wait (a timer of {@link MAX_WAIT_MS}); returns how to cancel it. */
  later(flush: () => void): () => void;
}

const NODE_TIMING: FlushTiming = {
  soon: (flush) => setImmediate(flush),
  later: (flush) => {
    const timer = setTimeout(flush, MAX_WAIT_MS);
    return () => clearTimeout(timer);
  },
};

/** A group committer over `write`, which keeps a list of changes as one transaction or throws keeping none. */
export function groupCommit<Change>(
  write: (changes: readonly Change[]) => void,
  timing: FlushTiming = NODE_TIMING,
): GroupCommit<Change> {
  let queue: Waiting<Change>[] = [];
  /** Whether a flush is due on the next turn. */
  let soon = false;
  /** Cancels the flush waiting for more changes, when one is. */
  let cancelLater: (() => void) | undefined;
  /** How many changes the previous group held: as many waiting, the next is written without waiting. */
  let previous = 1;
  const flush = () => {
    soon = false;
    cancelLater?.();
    cancelLater = undefined;
    if (queue.length === 0) return;
    const group = queue;
    queue = [];
    previous = group.length;
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
        if (soon) return;
        if (queue.length >= previous) {
          soon = true;
          timing.soon(flush);
        } else cancelLater ??= timing.later(flush);
      });
    },
    flush,
    waiting: () => queue.length,
  };
}
