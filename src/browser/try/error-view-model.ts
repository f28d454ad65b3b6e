/**
 * What the error demo's list and details views show for an error, as plain strings: counts, "first seen"
 * with its commit, and "last seen" relative to now with the exact time for its tooltip. The page turns
 * these into text nodes; nothing here is HTML.
 */
import type { ErrorDetails, ErrorSummary } from '../../reference/errors/error-views.ts';
import { fullTimestamp, relativeTime } from './relative-time.ts';

/** A time shown two ways: words in the page, the exact moment on hover. */
export interface ShownTime {
  text: string;
  /** The `title` tooltip. */
  title: string;
}

/** One row of the errors list. */
export interface ErrorRow {
  id: number;
  title: string;
  culprit: string;
  occurrences: number;
  users: number;
  firstSeen: ShownTime;
  lastSeen: ShownTime;
  status: string;
}

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

/** "Last seen": relative to `now`, the full timestamp on hover. */
export function lastSeen(summary: Pick<ErrorSummary, 'last_seen'>, now: number): ShownTime {
  const at = Date.parse(summary.last_seen);
  return { text: relativeTime(at, now), title: fullTimestamp(at) };
}

/** "First seen": the date and the commit (release) of the first occurrence. */
export function firstSeen(summary: Pick<ErrorSummary, 'first_seen'>, now: number): ShownTime {
  const at = Date.parse(summary.first_seen.at);
  const commit = summary.first_seen.release ? `in ${summary.first_seen.release}` : 'no release given';
  return { text: `${fullTimestamp(at)}, ${commit}`, title: relativeTime(at, now) };
}

/** An error as a row of the list. */
export function errorRow(summary: ErrorSummary, now: number): ErrorRow {
  return {
    id: summary.id,
    title: summary.title,
    culprit: summary.culprit,
    occurrences: summary.occurrences,
    users: summary.users_affected,
    firstSeen: firstSeen(summary, now),
    lastSeen: lastSeen(summary, now),
    status: summary.status,
  };
}

/** One fact of the details view. */
export interface DetailFact {
  label: string;
  text: string;
  /** Tooltip, when the fact has more to say on hover. */
  title?: string;
}

/** The facts at the top of the details view, in reading order. */
export function detailFacts(error: ErrorDetails, now: number): DetailFact[] {
  const user = error.latest_event.user;
  const who = user ? (user.id ?? user.username ?? user.email ?? user.ip_address) : undefined;
  return [
    { label: 'Occurrences', text: plural(error.occurrences, 'event') },
    { label: 'Users affected', text: plural(error.users_affected, 'user') },
    { label: 'First seen', ...firstSeen(error, now) },
    { label: 'Last seen', ...lastSeen(error, now) },
    { label: 'Status', text: error.status },
    {
      label: 'Latest event',
      text: `${error.latest_event.level}${who ? `, user ${who}` : ''}`,
      title: error.latest_event.event_id,
    },
  ];
}
