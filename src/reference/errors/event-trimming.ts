/**
 * What one error event may keep (reference design, after the limits Sentry's own server applies), cut the way
 * Sentry SDKs mark what they cut: a string over its limit keeps its start and ends in `...`; a stack trace
 * over its limit keeps its oldest and newest frames (the crash site is the last); a chain of exceptions keeps
 * its newest (the one raised is last); fingerprint parts past the limit are dropped. `trimmed` records each cut
 * field's path and its size as sent, as Sentry's `_meta` does, so a reader knows the value is not whole.
 * Breadcrumbs, extra data, contexts, tags and the request (cookies, headers, user agent) are not kept at all.
 */
import { truncate } from '../platform/truncate.ts';
import type { ErrorEvent } from './error-event.ts';

/** The limits, in characters for text and in items for lists. */
export const EVENT_LIMITS = {
  message: 8192,
  exceptionValue: 8192,
  /** Exception types and modules, frame functions and modules, fingerprint parts. */
  symbol: 256,
  /** Frame file names. */
  path: 256,
  framesPerException: 100,
  exceptions: 10,
  fingerprintParts: 25,
  release: 200,
  environment: 64,
  transaction: 200,
  culprit: 200,
  platform: 64,
  level: 32,
  /** Each of the user's id, username, e-mail and address. */
  userField: 128,
} as const;

type Texts = Record<string, unknown>;

/** Text fields of the event itself, of each exception and of each frame, with their limits. */
const L = EVENT_LIMITS;
const EVENT_TEXTS = [
  ['message', L.message],
  ['platform', L.platform],
  ['level', L.level],
  ['release', L.release],
  ['environment', L.environment],
  ['transaction', L.transaction],
  ['culprit', L.culprit],
] as const;
const EXCEPTION_TEXTS = [
  ['type', L.symbol],
  ['module', L.symbol],
  ['value', L.exceptionValue],
] as const;
const FRAME_TEXTS = [
  ['function', L.symbol],
  ['module', L.symbol],
  ['filename', L.path],
] as const;
const USER_TEXTS = ['id', 'username', 'email', 'ip_address'] as const;

const over = (value: unknown, max: number): value is string => typeof value === 'string' && value.length > max;

/**
 * Cuts the event's fields to {@link EVENT_LIMITS}, in place (it is the event `normalizeEvent` just built, which
 * nothing else holds), and returns it. An event within its limits, the usual case, is only read.
 */
export function trimEvent(event: ErrorEvent): ErrorEvent {
  let trimmed: Record<string, number> | undefined;
  const note = (path: string, size: number) => {
    trimmed ??= {};
    trimmed[path] = size;
  };
  // Cuts `owner[field]`, known to be text over `max`; `path` names it in `trimmed`.
  const cut = (owner: Texts, field: string, max: number, path: string) => {
    const value = owner[field] as string;
    note(path, value.length);
    owner[field] = truncate(value, max);
  };
  const top = event as unknown as Texts;
  for (const [field, max] of EVENT_TEXTS) if (over(top[field], max)) cut(top, field, max, field);
  if (event.exceptions.length > L.exceptions) {
    note('exceptions', event.exceptions.length);
    event.exceptions = event.exceptions.slice(-L.exceptions);
  }
  event.exceptions.forEach((exception, at) => {
    const texts = exception as unknown as Texts;
    for (const [field, max] of EXCEPTION_TEXTS) if (over(texts[field], max)) cut(texts, field, max, `exceptions[${at}].${field}`);
    if (exception.frames.length > L.framesPerException) {
      note(`exceptions[${at}].frames`, exception.frames.length);
      // The oldest half and the newest half: where it started and where it crashed.
      const half = L.framesPerException / 2;
      exception.frames = [...exception.frames.slice(0, half), ...exception.frames.slice(-half)];
    }
    exception.frames.forEach((frame, index) => {
      const frameTexts = frame as unknown as Texts;
      for (const [field, max] of FRAME_TEXTS)
        if (over(frameTexts[field], max)) cut(frameTexts, field, max, `exceptions[${at}].frames[${index}].${field}`);
    });
  });
  const user = event.user as unknown as Texts | undefined;
  if (user) for (const field of USER_TEXTS) if (over(user[field], L.userField)) cut(user, field, L.userField, `user.${field}`);
  const parts = event.fingerprint;
  if (parts) {
    if (parts.length > L.fingerprintParts) {
      note('fingerprint', parts.length);
      parts.length = L.fingerprintParts;
    }
    parts.forEach((part, index) => {
      if (over(part, L.symbol)) cut(parts as unknown as Texts, String(index), L.symbol, `fingerprint[${index}]`);
    });
  }
  if (trimmed) event.trimmed = trimmed;
  return event;
}
