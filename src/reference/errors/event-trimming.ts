/**
 * What one error event may keep (reference design, after the limits Sentry's server applies and the way
 * Sentry SDKs mark what they cut): a string over its limit keeps its start and ends in `...`; a stack trace
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
  /** Exception types and modules, frame functions and modules. */
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

/** Cuts fields of one event, recording what it cut. */
class Trimmer {
  trimmed: Record<string, number> | undefined;

  text(value: string | undefined, max: number, path: string): string | undefined {
    if (value === undefined || value.length <= max) return value;
    this.note(path, value.length);
    return truncate(value, max);
  }

  note(path: string, size: number): void {
    this.trimmed ??= {};
    this.trimmed[path] = size;
  }

  frame(frame: StackFrame, path: string): StackFrame {
    const { symbol, path: pathLimit } = EVENT_LIMITS;
    if (
      (frame.function?.length ?? 0) <= symbol &&
      (frame.module?.length ?? 0) <= symbol &&
      (frame.filename?.length ?? 0) <= pathLimit
    )
      return frame;
    const out: StackFrame = { ...frame };
    assign(out, 'function', this.text(frame.function, symbol, `${path}.function`));
    assign(out, 'module', this.text(frame.module, symbol, `${path}.module`));
    assign(out, 'filename', this.text(frame.filename, pathLimit, `${path}.filename`));
    return out;
  }

  exception(exception: ExceptionValue, path: string): ExceptionValue {
    const max = EVENT_LIMITS.framesPerException;
    let frames = exception.frames;
    if (frames.length > max) {
      this.note(`${path}.frames`, frames.length);
      // The oldest half and the newest half: where it started and where it crashed.
      frames = [...frames.slice(0, max / 2), ...frames.slice(frames.length - max / 2)];
    }
    const out: ExceptionValue = {
      ...exception,
      frames: frames.map((frame, index) => this.frame(frame, `${path}.frames[${index}]`)),
    };
    assign(out, 'type', this.text(exception.type, EVENT_LIMITS.symbol, `${path}.type`));
    assign(out, 'value', this.text(exception.value, EVENT_LIMITS.exceptionValue, `${path}.value`));
    assign(out, 'module', this.text(exception.module, EVENT_LIMITS.symbol, `${path}.module`));
    return out;
  }

  user(user: EventUser): EventUser {
    const out: EventUser = {};
    for (const field of ['id', 'username', 'email', 'ip_address'] as const)
      assign(out, field, this.text(user[field], EVENT_LIMITS.userField, `user.${field}`));
    return out;
  }
}

function assign<T extends object, K extends keyof T>(target: T, field: K, value: T[K] | undefined): void {
  if (value === undefined) delete target[field];
  else target[field] = value;
}

const within = (value: string | undefined, max: number) => value === undefined || value.length <= max;

/** Whether every field is within its limit: the common case, checked without building anything. */
function fits(event: ErrorEvent): boolean {
  const L = EVENT_LIMITS;
  if (event.exceptions.length > L.exceptions || !within(event.message, L.message)) return false;
  if (!within(event.platform, L.platform) || !within(event.level, L.level)) return false;
  if (!within(event.release, L.release) || !within(event.environment, L.environment)) return false;
  if (!within(event.transaction, L.transaction) || !within(event.culprit, L.culprit)) return false;
  for (const exception of event.exceptions) {
    if (exception.frames.length > L.framesPerException || !within(exception.value, L.exceptionValue)) return false;
    if (!within(exception.type, L.symbol) || !within(exception.module, L.symbol)) return false;
    for (const frame of exception.frames)
      if (!within(frame.function, L.symbol) || !within(frame.module, L.symbol) || !within(frame.filename, L.path)) return false;
  }
  const user = event.user;
  if (user && !(within(user.id, L.userField) && within(user.username, L.userField) && within(user.email, L.userField)))
    return false;
  if (user && !within(user.ip_address, L.userField)) return false;
  if (
    event.fingerprint &&
    (event.fingerprint.length > L.fingerprintParts || event.fingerprint.some((part) => part.length > L.symbol))
  )
    return false;
  return true;
}

/** The event with every field within {@link EVENT_LIMITS}; the same object when nothing needed cutting. */
export function trimEvent(event: ErrorEvent): ErrorEvent {
  if (fits(event)) return event;
  const trim = new Trimmer();
  let exceptions = event.exceptions;
  if (exceptions.length > EVENT_LIMITS.exceptions) {
    trim.note('exceptions', exceptions.length);
    exceptions = exceptions.slice(exceptions.length - EVENT_LIMITS.exceptions);
  }
  exceptions = exceptions.map((exception, index) => trim.exception(exception, `exceptions[${index}]`));
  const out: ErrorEvent = { ...event, exceptions };
  assign(out, 'message', trim.text(event.message, EVENT_LIMITS.message, 'message'));
  out.platform = trim.text(event.platform, EVENT_LIMITS.platform, 'platform') as string;
  out.level = trim.text(event.level, EVENT_LIMITS.level, 'level') as string;
  for (const field of ['release', 'environment', 'transaction', 'culprit'] as const)
    assign(out, field, trim.text(event[field], EVENT_LIMITS[field], field));
  if (event.user) out.user = trim.user(event.user);
  if (event.fingerprint) {
    if (event.fingerprint.length > EVENT_LIMITS.fingerprintParts) trim.note('fingerprint', event.fingerprint.length);
    out.fingerprint = event.fingerprint
      .slice(0, EVENT_LIMITS.fingerprintParts)
      .map((part, index) => trim.text(part, EVENT_LIMITS.symbol, `fingerprint[${index}]`) as string);
  }
  if (trim.trimmed) out.trimmed = trim.trimmed;
  return out;
}
