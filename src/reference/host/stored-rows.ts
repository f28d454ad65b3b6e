/**
 * What a data directory's rows must hold: one schema per row, checked before a change is written (a request
 * that would store a row of the wrong shape is refused and keeps nothing) and when a server starts (a row of
 * the wrong shape, edited by hand or written by something else, is quarantined with a message naming the
 * row and the field, instead of failing deep inside a module or loading a value no request could have stored).
 */

import { z } from 'zod';
import { formatPath } from '../../register/field-path.ts';
import { TRACKED_FIELD_LIMITS } from '../analytics/collector/tracked-event-limits.ts';
import type { JournalEntry } from '../browser/world-journal.ts';
import { MAX_TIME_MS } from '../errors/event-timestamp.ts';
import { EVENT_LIMITS } from '../errors/event-trimming.ts';
import { SESSION_LIMITS } from '../errors/sessions.ts';

/** A time in milliseconds that `Date` can hold. */
const time = z.number().check(z.refine((value) => Math.abs(value) <= MAX_TIME_MS, { error: 'not a time in milliseconds' }));
const id = z.number().check(z.int(), z.positive());
const text = z.optional(z.string());
/** Text of at most `max` characters: a field ingestion cuts to its limit. */
const bounded = (max: number) => z.optional(z.string().check(z.maxLength(max)));
/** The fields ingestion cut, with their lengths as sent. */
const trimmed = z.optional(z.record(z.string(), z.number()));

/** A tracked event's text field: at most its collector limit (`tracked-event-limits.ts`). */
const trackedText = (field: keyof typeof TRACKED_FIELD_LIMITS) =>
  z.nullable(z.string().check(z.maxLength(TRACKED_FIELD_LIMITS[field])));

const trackedEvent = z.object({
  docEncoding: trackedText('docEncoding'),
  docHost: trackedText('docHost'),
  docPath: trackedText('docPath'),
  docSearch: trackedText('docSearch'),
  eventType: trackedText('eventType'),
  localTzOffset: z.nullable(z.number()),
  pageTitle: trackedText('pageTitle'),
  src: trackedText('src'),
  utcTime: time,
  vpSize: trackedText('vpSize'),
  apiKey: trackedText('apiKey'),
  userAnonymousId: trackedText('userAnonymousId'),
});

const L = EVENT_LIMITS;
const frame = z.object({
  filename: bounded(L.path),
  function: bounded(L.symbol),
  module: bounded(L.symbol),
  lineno: z.optional(z.number()),
  colno: z.optional(z.number()),
  in_app: z.optional(z.boolean()),
});

/** An error event as ingestion keeps it: every copied field within its limit (`event-trimming.ts`). */
const errorEvent = z.object({
  eventId: z.string().check(z.maxLength(32)),
  timestamp: time,
  receivedAt: time,
  platform: z.string().check(z.maxLength(L.platform)),
  level: z.string().check(z.maxLength(L.level)),
  message: bounded(L.message),
  exceptions: z
    .array(
      z.object({
        type: bounded(L.symbol),
        value: bounded(L.exceptionValue),
        module: bounded(L.symbol),
        frames: z.array(frame).check(z.maxLength(L.framesPerException)),
      }),
    )
    .check(z.maxLength(L.exceptions)),
  user: z.optional(
    z.object({
      id: bounded(L.userField),
      username: bounded(L.userField),
      email: bounded(L.userField),
      ip_address: bounded(L.userField),
    }),
  ),
  release: bounded(L.release),
  environment: bounded(L.environment),
  fingerprint: z.optional(z.array(z.string().check(z.maxLength(L.symbol))).check(z.maxLength(L.fingerprintParts))),
  transaction: bounded(L.transaction),
  culprit: bounded(L.culprit),
  trimmed,
});

const sessionUpdate = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('session'),
    sid: z.string().check(z.maxLength(SESSION_LIMITS.sid)),
    started: time,
    status: z.string(),
    release: bounded(SESSION_LIMITS.release),
    trimmed,
  }),
  z.object({
    kind: z.literal('aggregate'),
    started: time,
    counts: z.object({ exited: z.number(), errored: z.number(), crashed: z.number(), abnormal: z.number() }),
    release: bounded(SESSION_LIMITS.release),
    trimmed,
  }),
]);

const journalEntry = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('tracked'), projectId: id, events: z.array(trackedEvent), receivedAt: time }),
  z.object({
    kind: z.literal('ingested'),
    projectId: id,
    batch: z.object({ events: z.array(errorEvent), sessions: z.array(sessionUpdate), receivedAt: time }),
  }),
  z.object({
    kind: z.literal('status'),
    projectId: id,
    errorId: id,
    status: z.enum(['open', 'resolved', 'ignored']),
  }),
]);

const clientKey = z.object({ id, projectId: id, active: z.boolean(), publicKey: z.string() });
const issue = z.object({
  id,
  iid: id,
  project_id: id,
  title: z.string(),
  description: z.string(),
  state: z.literal('opened'),
  error_id: id,
  created_at: z.string(),
  web_url: z.string(),
});
const providerValues = z.record(z.string(), z.string());

/** The schema of each state key, by the key's pattern. */
const STATE_ROWS: [RegExp, z.ZodType][] = [
  [/^analytics\/initialised$/, z.boolean()],
  [
    /^analytics\/onboarding\/\d+$/,
    z.object({ provider: z.enum(['managed', 'self_managed']), region: text, onboarded_at: z.string() }),
  ],
  [/^analytics\/settings\/(instance|project\/\d+)$/, providerValues],
  [/^analytics\/usage\/\d+\/\d{4}-\d{2}$/, z.number().check(z.int(), z.nonnegative())],
  [/^error-tracking\/client-keys\/\d+$/, clientKey],
  [/^error-tracking\/last-client-key-id$/, id],
  [/^error-tracking\/issues\/\d+$/, issue],
  [
    /^error-tracking\/settings$/,
    z.record(z.string(), z.object({ active: z.boolean(), backend: z.enum(['platform', 'external']) })),
  ],
  [/^browser\/release$/, z.string()],
  [/^browser\/sample-end$/, z.nullable(time)],
];

function firstProblem(schema: z.ZodType, value: unknown): string | undefined {
  const result = schema.safeParse(value);
  if (result.success) return undefined;
  const issue = result.error.issues[0] as z.core.$ZodIssue;
  const where = formatPath(issue.path);
  return where ? `${where}: ${issue.message}` : issue.message;
}

/** Why a state row cannot be loaded, or undefined when it can. */
export function stateRowProblem(key: string, value: unknown): string | undefined {
  const schema = STATE_ROWS.find(([pattern]) => pattern.test(key))?.[1];
  if (!schema) return 'a key this reference does not keep';
  return firstProblem(schema, value);
}

/** The entry of a journal row, or why it cannot be loaded. */
export function readJournalRow(value: unknown): JournalEntry | { problem: string } {
  const problem = firstProblem(journalEntry, value);
  return problem === undefined ? (value as JournalEntry) : { problem };
}
