/**
 * Where an error store keeps the error groups it lets go of from memory (reference design): on a local
 * server with a data directory, a file beside its data (`host/error-group-file.ts`); without one there is no
 * archive and a group let go is gone. A group is in memory or in the archive, never in both: it is taken out
 * when it is asked for (by id, by an event of its key) and put back, as it is then, when memory lets it go.
 */
import type { ErrorEvent } from './error-event.ts';
import type { ErrorRecord, ErrorStatus, Occurrence } from './error-record.ts';

/** A group as the archive keeps it: an error record without the users (they are counted again from its occurrences). */
export interface ArchivedGroup {
  id: number;
  projectId: number;
  key: string;
  status: ErrorStatus;
  /** Sorted by time, oldest first. */
  occurrences: Occurrence[];
  latest: ErrorEvent;
  issueIid?: number;
}

/** The archive an error store lets groups go to. */
export interface ErrorGroupArchive {
  /** Keeps a group (one not kept here already). Throws when it cannot, keeping nothing of it. */
  put(group: ArchivedGroup): void;
  /** Takes the group with this id out of the archive (it goes back to memory); undefined when not kept here. */
  take(projectId: number, id: number): ArchivedGroup | undefined;
  /** Takes the project's group with this grouping key out of the archive; undefined when not kept here. */
  takeByKey(projectId: number, key: string): ArchivedGroup | undefined;
  /** Whether one of the project's archived groups holds an occurrence with this event id. */
  hasEvent(projectId: number, eventId: string): boolean;
  /** A project's archived groups with ids above `afterId`, at most `limit`, in id order; they stay in the archive. */
  read(projectId: number, afterId: number, limit: number): ArchivedGroup[];
  /**
   * Drops occurrences at or before `cutoff`, and groups left with none, from at most `groups` groups (the
   * oldest first; the next call goes on); returns how many occurrences went.
   */
  purge(cutoff: number, groups: number): number;
  /** The time of the oldest occurrence kept, or +Infinity when empty. */
  oldest(): number;
  /** Groups kept. */
  groups(): number;
  /** Occurrences kept. */
  occurrences(): number;
}

/** The group as the archive keeps it. */
export function archived(record: ErrorRecord): ArchivedGroup {
  const group: ArchivedGroup = {
    id: record.id,
    projectId: record.projectId,
    key: record.key,
    status: record.status,
    occurrences: record.occurrences,
    latest: record.latest,
  };
  if (record.issueIid !== undefined) group.issueIid = record.issueIid;
  return group;
}

/** The record of an archived group, its users counted again from its occurrences. */
export function restored(group: ArchivedGroup): ErrorRecord {
  const users = new Map<string, number>();
  for (const occurrence of group.occurrences)
    if (occurrence.user) users.set(occurrence.user, (users.get(occurrence.user) ?? 0) + 1);
  const record: ErrorRecord = { ...group, users };
  if (group.issueIid === undefined) delete record.issueIid;
  return record;
}
