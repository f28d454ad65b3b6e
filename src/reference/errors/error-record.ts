/**
 * An error group as the store holds it: its status, occurrences, users and latest event. Its own module, so the
 * store and the archive it lets groups go to (`error-group-archive.ts`) both read it without importing each other.
 */
import type { ErrorEvent } from './error-event.ts';

/** Statuses. `open` is the spec's; `resolved` and `ignored` are reference design. */
export const ERROR_STATUSES = ['open', 'resolved', 'ignored'] as const;
/** An error's status. */
export type ErrorStatus = (typeof ERROR_STATUSES)[number];

/** One occurrence of an error: what the error's counts are computed from. */
export interface Occurrence {
  time: number;
  eventId: string;
  release?: string;
  user?: string;
}

/** One error: events grouped by the grouping rule. */
export interface ErrorRecord {
  id: number;
  projectId: number;
  /** The grouping key within the project. */
  key: string;
  status: ErrorStatus;
  /** Sorted by time, oldest first. */
  occurrences: Occurrence[];
  /** Distinct users and how many retained occurrences each has. */
  users: Map<string, number>;
  /** The most recent event: its title, culprit and stack trace are the error's. */
  latest: ErrorEvent;
  /** The issue created from this error, by its project-scoped number. */
  issueIid?: number;
}
