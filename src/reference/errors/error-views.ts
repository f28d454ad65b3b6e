/**
 * What the errors list and the details view show, computed from an error at a given time. The JSON
 * field names are reference design (the spec names the items, not their fields).
 *
 * "Last seen" follows the spec's rule that it does not update until the current hour is complete:
 * hours are clock hours in UTC, and the value shown is the latest occurrence before the start of the
 * current hour. An error first seen in the current hour shows its first occurrence until the hour ends.
 */
import { type ErrorEvent, type EventUser, type ExceptionValue, mainException } from './error-event.ts';
import { type ErrorRecord, type ErrorStatus, firstAtOrAfter } from './error-store.ts';
import { culpritOf, titleOf } from './grouping.ts';
import { FREQUENCY_HOURS, HOUR_MS } from './ingestion-limits.ts';

/** The start of the clock hour that holds `time`. */
export const hourStart = (time: number): number => Math.floor(time / HOUR_MS) * HOUR_MS;

const iso = (time: number): string => new Date(time).toISOString();

/** The time "last seen" shows at `now` (see the module comment). */
export function lastSeenAt(record: ErrorRecord, now: number): number {
  const before = firstAtOrAfter(record.occurrences, hourStart(now));
  const shown = record.occurrences[before > 0 ? before - 1 : 0];
  return shown ? shown.time : record.latest.timestamp;
}

/** One bar of the frequency graph. */
export interface HourCount {
  /** Start of the hour, ISO 8601 UTC. */
  hour: string;
  count: number;
}

/** Occurrences per clock hour for the last 24 hours at `now`, oldest first; the last bar is the current hour. */
export function hourlyCounts(record: ErrorRecord, now: number): HourCount[] {
  const first = hourStart(now) - (FREQUENCY_HOURS - 1) * HOUR_MS;
  const counts: HourCount[] = [];
  let from = firstAtOrAfter(record.occurrences, first);
  for (let index = 0; index < FREQUENCY_HOURS; index++) {
    const end = first + (index + 1) * HOUR_MS;
    const to = firstAtOrAfter(record.occurrences, end);
    counts.push({ hour: iso(end - HOUR_MS), count: to - from });
    from = to;
  }
  return counts;
}

/** An error as the list shows it. */
export interface ErrorSummary {
  id: number;
  project_id: number;
  title: string;
  /** The exception type; null for a message event. */
  type: string | null;
  culprit: string;
  platform: string;
  /** `open` (spec); `resolved` and `ignored` are reference design. */
  status: ErrorStatus;
  /** Total occurrences kept (90-day retention). */
  occurrences: number;
  /** Distinct users by id, username, e-mail or address. */
  users_affected: number;
  /** First occurrence: when, and the commit (`release`) it happened in. */
  first_seen: { at: string; release: string | null };
  /** See {@link lastSeenAt}. */
  last_seen: string;
  /** The issue created from this error, if any. */
  issue_iid: number | null;
}

/** An error as the details view shows it. */
export interface ErrorDetails extends ErrorSummary {
  frequency: HourCount[];
  /** The latest event's exceptions, oldest first; each stack trace's last frame is the crash site. */
  stack_trace: ExceptionValue[];
  /** The latest event. */
  latest_event: {
    event_id: string;
    timestamp: string;
    level: string;
    message: string | null;
    environment: string | null;
    release: string | null;
    user: EventUser | null;
    /**
     * Fields cut to their limit, by path, with their size as sent (reference design, like Sentry's `_meta`);
     * only when something was cut.
     */
    trimmed?: Record<string, number>;
  };
}

/** The list view of an error at `now`. */
export function summarize(record: ErrorRecord, now: number): ErrorSummary {
  const first = record.occurrences[0];
  return {
    id: record.id,
    project_id: record.projectId,
    title: titleOf(record.latest),
    type: mainException(record.latest)?.type ?? null,
    culprit: culpritOf(record.latest),
    platform: record.latest.platform,
    status: record.status,
    occurrences: record.occurrences.length,
    users_affected: record.users.size,
    first_seen: { at: iso(first?.time ?? record.latest.timestamp), release: first?.release ?? null },
    last_seen: iso(lastSeenAt(record, now)),
    issue_iid: record.issueIid ?? null,
  };
}

function latestEvent(event: ErrorEvent): ErrorDetails['latest_event'] {
  return {
    event_id: event.eventId,
    timestamp: iso(event.timestamp),
    level: event.level,
    message: event.message ?? null,
    environment: event.environment ?? null,
    release: event.release ?? null,
    user: event.user ?? null,
    ...(event.trimmed ? { trimmed: event.trimmed } : {}),
  };
}

/** The details view of an error at `now`. */
export function details(record: ErrorRecord, now: number): ErrorDetails {
  return {
    ...summarize(record, now),
    frequency: hourlyCounts(record, now),
    stack_trace: record.latest.exceptions,
    latest_event: latestEvent(record.latest),
  };
}
