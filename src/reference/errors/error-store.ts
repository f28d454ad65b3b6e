/**
 * The errors of every project and their occurrences. Pure state: the time comes in as arguments, so
 * the clock stays at the edge. Occurrences are kept sorted by time so retention, "first seen", "last
 * seen" and hourly counts read them with binary search.
 *
 * Memory per project is bounded (reference design): each project holds at most `maxGroups` error groups in
 * memory, kept in order of last use. Past the bound the group used least recently is let go:
 *
 * - with an archive (`error-group-archive.ts`; a local server's data directory), to the archive, whole. It is
 *   still listed, found by id, changed, and an event of its key or a retry of one of its event ids finds it;
 *   asked for, it comes back to memory and another goes. Ids and contents then do not depend on what was in
 *   memory, so reads count as use.
 * - without one (in memory only, the in-browser reference), it is gone with its occurrences and event ids;
 *   the count of groups let go is kept. Reads do not count there: they are not journaled, so which group is
 *   let go depends only on the events, and a start replaying the journal lets go of the same groups and gives
 *   the same ids. An event of a group let go starts a new group with a new id (ids are never given twice),
 *   and an event id let go is no longer recognised as sent before.
 *
 * Retention applies to the archive as to memory. The archive is swept a part at a time (so one call never
 * holds the event loop long); what a sweep has not reached yet is cut at the cutoff when it is read.
 */
import { type ErrorEvent, userKey } from './error-event.ts';
import { type ArchivedGroup, archived, type ErrorGroupArchive, restored } from './error-group-archive.ts';
import type { ErrorRecord, Occurrence } from './error-record.ts';
import { groupingKey } from './grouping.ts';
import { MAX_ERROR_GROUPS_PER_PROJECT, RETENTION_MS } from './ingestion-limits.ts';

export { ERROR_STATUSES, type ErrorRecord, type ErrorStatus, type Occurrence } from './error-record.ts';

function search(occurrences: Occurrence[], before: (time: number) => boolean): number {
  let low = 0;
  let high = occurrences.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (before((occurrences[middle] as Occurrence).time)) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Index of the first occurrence with `time >= at` (occurrences are sorted by time). */
export const firstAtOrAfter = (occurrences: Occurrence[], at: number): number => search(occurrences, (time) => time < at);

/** Index of the first occurrence with `time > at`. */
export const firstAfter = (occurrences: Occurrence[], at: number): number => search(occurrences, (time) => time <= at);

function insertSorted(occurrences: Occurrence[], occurrence: Occurrence): void {
  const last = occurrences.at(-1);
  if (!last || last.time <= occurrence.time) occurrences.push(occurrence);
  else occurrences.splice(firstAfter(occurrences, occurrence.time), 0, occurrence);
}

/** The error state with its operations. */
export interface ErrorStore {
  /** How long occurrences are kept, in milliseconds. */
  readonly retentionMs: number;
  /** Error groups one project holds in memory; past it the least recently used is let go. */
  readonly maxGroups: number;
  /** Whether groups let go from memory are kept in an archive (on disk) rather than dropped. */
  readonly archives: boolean;
  /** Adds an occurrence, creating the error when its key is new. A resolved error reopens. */
  record(projectId: number, event: ErrorEvent): ErrorRecord;
  /** One error of a project (brought back to memory from the archive when it is kept there). */
  get(projectId: number, errorId: number): ErrorRecord | undefined;
  /** The errors of a project, in creation order, from memory and the archive (for tests and small stores). */
  list(projectId: number): ErrorRecord[];
  /**
   * The errors of a project in parts of at most `size` (memory's, then the archive's), read as they are asked
   * for and left where they are; a caller may let other work run between parts. Each error comes once; one
   * created meanwhile may or may not come.
   */
  parts(projectId: number, size?: number): Iterable<ErrorRecord[]>;
  /** Drops occurrences past retention at `now`, and errors left with none. Returns how many were dropped. */
  purge(now: number): number;
  /** Total occurrences kept, across projects. */
  size(): number;
  /**
   * Whether the project already holds an occurrence with this event id (within retention): the platform's
   * ingestion keeps an event once however often an SDK sends it again, and so does the reference.
   */
  hasEvent(projectId: number, eventId: string): boolean;
  /** Error groups held in memory for a project. */
  groupCount(projectId: number): number;
  /** Error groups let go from memory since the store was created, across projects, because a project held its bound. */
  evicted(): number;
}

/** Archived groups one purge sweeps at most; the next purge goes on where it stopped. */
const ARCHIVE_SWEEP_GROUPS = 1000;

/** The time at or before which occurrences are past retention at `now`. */
export const retentionCutoff = (now: number, retentionMs: number = RETENTION_MS): number => now - retentionMs;

/** Creates an empty error store. */
export function createErrorStore(
  retentionMs: number = RETENTION_MS,
  maxGroups: number = MAX_ERROR_GROUPS_PER_PROJECT,
  archive?: ErrorGroupArchive,
): ErrorStore {
  const byId = new Map<number, ErrorRecord>();
  /** Per project, its groups by grouping key (maps within a map: no joined key to build per event). */
  const byKey = new Map<number, Map<string, ErrorRecord>>();
  /** Per project, its groups by id in order of last use, least recent first (a Map keeps insertion order). */
  const recency = new Map<number, Map<number, ErrorRecord>>();
  let evictedCount = 0;
  const touch = (record: ErrorRecord) => {
    let used = recency.get(record.projectId);
    if (!used) {
      used = new Map();
      recency.set(record.projectId, used);
    }
    used.delete(record.id);
    used.set(record.id, record);
    return used;
  };
  const forget = (record: ErrorRecord) => {
    byId.delete(record.id);
    byKey.get(record.projectId)?.delete(record.key);
    recency.get(record.projectId)?.delete(record.id);
  };
  let lastId = 0;
  let oldest = Number.POSITIVE_INFINITY;
  let total = 0;
  /** Event ids of the occurrences held in memory, per project. */
  const eventIds = new Map<number, Set<string>>();
  /**
   * The project's set of event ids. Keyed by the id itself, not a string joining project and id: an event's
   * id is hashed once (strings keep their hash) however often ingestion asks, where a joined key is a new
   * string, hashed again, at every ask on the busiest path.
   */
  const idsOf = (projectId: number) => {
    let ids = eventIds.get(projectId);
    if (!ids) {
      ids = new Set();
      eventIds.set(projectId, ids);
    }
    return ids;
  };
  /** Lets the least recently used group of `used` go, to the archive when there is one. */
  const letGo = (used: Map<number, ErrorRecord>) => {
    const [, least] = used.entries().next().value as [number, ErrorRecord];
    if (archive) {
      try {
        archive.put(archived(least));
      } catch {
        // An archive that cannot write (a full disk) keeps nothing; the group stays in memory until one can.
        return;
      }
    }
    const ids = idsOf(least.projectId);
    for (const gone of least.occurrences) ids.delete(gone.eventId);
    total -= least.occurrences.length;
    forget(least);
    evictedCount += 1;
  };
  /** Takes a group into memory as the most recently used, letting another go when the project is past its bound. */
  const admit = (record: ErrorRecord) => {
    byId.set(record.id, record);
    let keyed = byKey.get(record.projectId);
    if (!keyed) {
      keyed = new Map();
      byKey.set(record.projectId, keyed);
    }
    keyed.set(record.key, record);
    const ids = idsOf(record.projectId);
    for (const occurrence of record.occurrences) ids.add(occurrence.eventId);
    total += record.occurrences.length;
    const first = record.occurrences[0];
    if (first) oldest = Math.min(oldest, first.time);
    if (touch(record).size > maxGroups) letGo(recency.get(record.projectId) as Map<number, ErrorRecord>);
  };
  /** The latest retention cutoff a purge applied: archived occurrences at or before it are past retention. */
  let cutoffApplied = Number.NEGATIVE_INFINITY;
  /** An archived group as it may be served: cut at the latest cutoff, or undefined when nothing of it is left. */
  const current = (group: ArchivedGroup | undefined): ErrorRecord | undefined => {
    if (!group) return undefined;
    const first = group.occurrences[0];
    if (first && first.time <= cutoffApplied) group.occurrences = group.occurrences.filter((o) => o.time > cutoffApplied);
    return group.occurrences.length > 0 ? restored(group) : undefined;
  };
  /** Brings an archived group back to memory. */
  const bringBack = (group: ArchivedGroup | undefined) => {
    const record = current(group);
    if (!record) return undefined;
    lastId = Math.max(lastId, record.id);
    admit(record);
    return record;
  };
  const archivedParts = function* (projectId: number, size: number, skip: Set<number>): Generator<ErrorRecord[]> {
    if (!archive) return;
    let after = 0;
    for (;;) {
      const groups = archive.read(projectId, after, size);
      if (groups.length === 0) return;
      after = (groups.at(-1) as { id: number }).id;
      const part: ErrorRecord[] = [];
      for (const group of groups) {
        const record = skip.has(group.id) ? undefined : current(group);
        if (record) part.push(record);
      }
      yield part;
    }
  };

  const store: ErrorStore = {
    retentionMs,
    maxGroups,
    archives: archive !== undefined,
    record(projectId, event) {
      const key = groupingKey(event);
      let record =
        byKey.get(projectId)?.get(key) ??
        (archive && archive.groups() > 0 ? bringBack(archive.takeByKey(projectId, key)) : undefined);
      if (!record) {
        lastId += 1;
        record = { id: lastId, projectId, key, status: 'open', occurrences: [], users: new Map(), latest: event };
        admit(record);
      } else {
        touch(record);
        if (event.timestamp >= record.latest.timestamp) record.latest = event;
      }
      const occurrence: Occurrence = { time: event.timestamp, eventId: event.eventId };
      if (event.release) occurrence.release = event.release;
      const user = userKey(event.user);
      if (user) {
        occurrence.user = user;
        record.users.set(user, (record.users.get(user) ?? 0) + 1);
      }
      insertSorted(record.occurrences, occurrence);
      idsOf(projectId).add(event.eventId);
      if (record.status === 'resolved') record.status = 'open';
      oldest = Math.min(oldest, event.timestamp);
      total += 1;
      return record;
    },
    get(projectId, errorId) {
      const record = byId.get(errorId);
      if (record) {
        if (record.projectId !== projectId) return undefined;
        if (archive) touch(record);
        return record;
      }
      return archive && archive.groups() > 0 ? bringBack(archive.take(projectId, errorId)) : undefined;
    },
    list(projectId) {
      const all: ErrorRecord[] = [];
      for (const part of store.parts(projectId)) all.push(...part);
      return all.sort((a, b) => a.id - b.id);
    },
    *parts(projectId, size = 1000) {
      const inMemory = () => [...(recency.get(projectId)?.values() ?? [])];
      const seen = new Set<number>();
      // Memory first and again last: a group that moves between memory and the archive meanwhile still comes once.
      const first = inMemory();
      for (const record of first) seen.add(record.id);
      for (let at = 0; at < first.length; at += size) yield first.slice(at, at + size);
      for (const part of archivedParts(projectId, size, seen)) {
        for (const record of part) seen.add(record.id);
        yield part;
      }
      const last = inMemory().filter((record) => !seen.has(record.id));
      for (let at = 0; at < last.length; at += size) yield last.slice(at, at + size);
    },
    purge(now) {
      const cutoff = retentionCutoff(now, retentionMs);
      cutoffApplied = Math.max(cutoffApplied, cutoff);
      const archivedDropped = archive && archive.oldest() <= cutoff ? archive.purge(cutoff, ARCHIVE_SWEEP_GROUPS) : 0;
      if (oldest > cutoff) return archivedDropped;
      let dropped = 0;
      oldest = Number.POSITIVE_INFINITY;
      for (const record of byId.values()) {
        const keep = firstAfter(record.occurrences, cutoff);
        for (const gone of record.occurrences.slice(0, keep)) {
          eventIds.get(record.projectId)?.delete(gone.eventId);
          if (!gone.user) continue;
          const left = (record.users.get(gone.user) ?? 1) - 1;
          if (left > 0) record.users.set(gone.user, left);
          else record.users.delete(gone.user);
        }
        record.occurrences.splice(0, keep);
        dropped += keep;
        const first = record.occurrences[0];
        if (first) oldest = Math.min(oldest, first.time);
        else forget(record);
      }
      total -= dropped;
      return dropped + archivedDropped;
    },
    size: () => total + (archive?.occurrences() ?? 0),
    hasEvent: (projectId, eventId) =>
      eventIds.get(projectId)?.has(eventId) === true ||
      (archive !== undefined && archive.groups() > 0 && archive.hasEvent(projectId, eventId)),
    groupCount: (projectId) => recency.get(projectId)?.size ?? 0,
    evicted: () => evictedCount,
  };
  return store;
}
