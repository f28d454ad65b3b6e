/**
 * What one error event may keep (reference design, after the limits Sentry's own server applies), cut the way
 * Sentry SDKs mark what they cut: a string over its limit keeps its start and ends in `...`; a stack trace
 * over its limit keeps its oldest and newest frames (the crash site is the last); a chain of exceptions keeps
 * its newest (the one raised is last); fingerprint parts past the limit are dropped. `trimmed` records each cut
 * field's path and its size as sent, as Sentry's `_meta` does, so a reader knows the value is not whole.
 * Breadcrumbs, extra data, contexts, tags and the request (cookies, headers, user agent) are not kept at all.
 */
import { truncate } from '../platform/truncate.ts';
import type { ErrorEvent, EventUser, ExceptionValue, StackFrame } from './error-event.ts';

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

const L = EVENT_LIMITS;

const over = (value: unknown, max: number): value is string => typeof value === 'string' && value.length > max;

/**
 * The cuts made to one event: `trimmed` as it will be recorded, created at the first cut. Fields are read by
 * name below, not through a list of field names: a lookup by a computed name is many times slower, and every
 * ingested event passes here.
 */
class Cuts {
  trimmed: Record<string, number> | undefined;

  note(path: string, size: number): void {
    this.trimmed ??= {};
    this.trimmed[path] = size;
  }

  /** `value`, known to be over `max`, cut; `path` names it in `trimmed`. */
  cut(value: string, max: number, path: string): string {
    this.note(path, value.length);
    return truncate(value, max);
  }
}

/** Cuts a frame's texts; its path in `trimmed` is built only for a cut. */
function trimFrame(cuts: Cuts, frame: StackFrame, at: number, index: number): void {
  if (over(frame.function, L.symbol))
    frame.function = cuts.cut(frame.function, L.symbol, `exceptions[${at}].frames[${index}].function`);
  if (over(frame.module, L.symbol)) frame.module = cuts.cut(frame.module, L.symbol, `exceptions[${at}].frames[${index}].module`);
  if (over(frame.filename, L.path))
    frame.filename = cuts.cut(frame.filename, L.path, `exceptions[${at}].frames[${index}].filename`);
}

function trimException(cuts: Cuts, exception: ExceptionValue, at: number): void {
  const path = `exceptions[${at}]`;
  if (over(exception.type, L.symbol)) exception.type = cuts.cut(exception.type, L.symbol, `${path}.type`);
  if (over(exception.module, L.symbol)) exception.module = cuts.cut(exception.module, L.symbol, `${path}.module`);
  if (over(exception.value, L.exceptionValue)) exception.value = cuts.cut(exception.value, L.exceptionValue, `${path}.value`);
  if (exception.frames.length > L.framesPerException) {
    cuts.note(`${path}.frames`, exception.frames.length);
    // The oldest half and the newest half: where it started and where it crashed.
    const half = L.framesPerException / 2;
    exception.frames = [...exception.frames.slice(0, half), ...exception.frames.slice(-half)];
  }
  const { frames } = exception;
  for (let index = 0; index < frames.length; index++) trimFrame(cuts, frames[index] as StackFrame, at, index);
}

function trimUser(cuts: Cuts, user: EventUser): void {
  if (over(user.id, L.userField)) user.id = cuts.cut(user.id, L.userField, 'user.id');
  if (over(user.username, L.userField)) user.username = cuts.cut(user.username, L.userField, 'user.username');
  if (over(user.email, L.userField)) user.email = cuts.cut(user.email, L.userField, 'user.email');
  if (over(user.ip_address, L.userField)) user.ip_address = cuts.cut(user.ip_address, L.userField, 'user.ip_address');
}

/**
 * Cuts the event's fields to {@link EVENT_LIMITS}, in place (it is the event `normalizeEvent` just built, which
 * nothing else holds), and returns it. An event within its limits, the usual case, is only read.
 */
export function trimEvent(event: ErrorEvent): ErrorEvent {
  const cuts = new Cuts();
  if (over(event.message, L.message)) event.message = cuts.cut(event.message, L.message, 'message');
  if (over(event.platform, L.platform)) event.platform = cuts.cut(event.platform, L.platform, 'platform');
  if (over(event.level, L.level)) event.level = cuts.cut(event.level, L.level, 'level');
  if (over(event.release, L.release)) event.release = cuts.cut(event.release, L.release, 'release');
  if (over(event.environment, L.environment)) event.environment = cuts.cut(event.environment, L.environment, 'environment');
  if (over(event.transaction, L.transaction)) event.transaction = cuts.cut(event.transaction, L.transaction, 'transaction');
  if (over(event.culprit, L.culprit)) event.culprit = cuts.cut(event.culprit, L.culprit, 'culprit');
  if (event.exceptions.length > L.exceptions) {
    cuts.note('exceptions', event.exceptions.length);
    event.exceptions = event.exceptions.slice(-L.exceptions);
  }
  for (let at = 0; at < event.exceptions.length; at++) trimException(cuts, event.exceptions[at] as ExceptionValue, at);
  if (event.user) trimUser(cuts, event.user);
  const parts = event.fingerprint;
  if (parts) {
    if (parts.length > L.fingerprintParts) {
      cuts.note('fingerprint', parts.length);
      parts.length = L.fingerprintParts;
    }
    for (let index = 0; index < parts.length; index++) {
      const part = parts[index];
      if (over(part, L.symbol)) parts[index] = cuts.cut(part, L.symbol, `fingerprint[${index}]`);
    }
  }
  if (cuts.trimmed) event.trimmed = cuts.trimmed;
  return event;
}
