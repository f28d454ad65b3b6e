/**
 * What a data directory's rows must hold: one schema per row, checked before a change is written (a request
 * that would store a row of the wrong shape is refused and keeps nothing) and when a server starts (a row of
 * the wrong shape, edited by hand or written by something else, is quarantined with a message naming the
 * row and the field, instead of failing deep inside a module or loading a value no request could have stored).
 */

import { formatPath } from '../../register/field-path.ts';
import { z } from '../../schemas/zod-mini.ts';
import type { JournalEntry } from '../browser/world-journal.ts';
import { MAX_TIME_MS } from '../errors/event-timestamp.ts';

/** A time in milliseconds that `Date` can hold. */
const time = z.number().check(z.refine((value) => Math.abs(value) <= MAX_TIME_MS, { error: 'not a time in milliseconds' }));
const id = z.number().check(z.int(), z.positive());
const text = z.optional(z.string());

const trackedEvent = z.object({
  docEncoding: z.nullable(z.string()),
  docHost: z.nullable(z.string()),
  docPath: z.nullable(z.string()),
  docSearch: z.nullable(z.string()),
  eventType: z.nullable(z.string()),
  localTzOffset: z.nullable(z.number()),
  pageTitle: z.nullable(z.string()),
  src: z.nullable(z.string()),
  utcTime: time,
  vpSize: z.nullable(z.string()),
  apiKey: z.nullable(z.string()),
  userAnonymousId: z.nullable(z.string()),
});

const frame = z.object({
  filename: text,
  function: text,
  module: text,
  lineno: z.optional(z.number()),
  colno: z.optional(z.number()),
  in_app: z.optional(z.boolean()),
});

const errorEvent = z.object({
  eventId: z.string(),
  timestamp: time,
  receivedAt: time,
  platform: z.string(),
  level: z.string(),
  message: text,
  exceptions: z.array(z.object({ type: text, value: text, module: text, frames: z.array(frame) })),
  user: z.optional(z.object({ id: text, username: text, email: text, ip_address: text })),
  release: text,
  environment: text,
  fingerprint: z.optional(z.array(z.string())),
  transaction: text,
  culprit: text,
  trimmed: z.optional(z.record(z.string(), z.number())),
});

const sessionUpdate = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('session'), sid: z.string(), started: time, status: z.string(), release: text }),
  z.object({
    kind: z.literal('aggregate'),
    started: time,
    counts: z.object({ exited: z.number(), errored: z.number(), crashed: z.number(), abnormal: z.number() }),
    release: text,
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
const STATE_ROWS: [RegExp, z.ZodMiniType][] = [
  [/^analytics\/initialised$/, z.boolean()],
  [
    /^analytics\/onboarding\/\d+$/,
    z.object({ provider: z.enum(['managed', 'self_managed']), region: text, onboarded_at: z.string() }),
  ],
  [/^analytics\/settings\/(instance|project\/\d+)$/, providerValues],
  [/^analytics\/usage\/\d+\/\d{4}-\d{2}$/, z.number().check(z.int(), z.nonnegative())],
  [/^error-tracking\/client-keys\/\d+$/, clientKey],
  [/^error-tracking\/issues\/\d+$/, issue],
  [
    /^error-tracking\/settings$/,
    z.record(z.string(), z.object({ active: z.boolean(), backend: z.enum(['platform', 'external']) })),
  ],
  [/^browser\/release$/, z.string()],
  [/^browser\/sample-end$/, z.nullable(time)],
];

function firstProblem(schema: z.ZodMiniType, value: unknown): string | undefined {
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
