/**
 * Turns an event payload, as any supported SDK sends it, into an {@link ErrorEvent}. Fields the
 * reference uses are type-checked and a wrong type is a 400 naming the field path; other fields are
 * ignored. Shapes handled: `message` as a string or `{formatted}` (and `logentry`), `exception` as
 * `{values: […]}` or Go's bare array, ISO or numeric timestamps, and `{{auto}}` user addresses.
 */
import { ApiError } from '../platform/api-error.ts';
import type { ErrorEvent, EventUser, ExceptionValue, StackFrame } from './error-event.ts';
import { occurrenceTime } from './event-timestamp.ts';
import {
  elementObject,
  isObject,
  type JsonObject,
  readArray,
  readBoolean,
  readId,
  readNumber,
  readObject,
  readString,
} from './field-readers.ts';

/** What normalization needs besides the payload. */
export interface NormalizeContext {
  /** The client's address, for `{{auto}}`. */
  clientAddress: string;
  /** When the request arrived (the clock's now). */
  receivedAt: number;
  /** The id to use when the event has none (the envelope's `event_id`, or a new one); called only then. */
  fallbackEventId: () => string;
}

const HEX_ID = /^[0-9a-f]{32}$/;

/** A new random event id: 32 lower-case hex digits. */
export const newEventId = (): string => globalThis.crypto.randomUUID().replaceAll('-', '');

/** Reads an event id sent as 32 hex digits or a UUID with dashes; undefined when absent. */
export function readEventId(value: unknown, path: string): string | undefined {
  if (value === undefined || value === null) return undefined;
  // Most SDKs send the id as it is kept.
  if (typeof value === 'string' && value.length === 32 && HEX_ID.test(value)) return value;
  const id = typeof value === 'string' ? value.replaceAll('-', '').toLowerCase() : '';
  if (!HEX_ID.test(id)) {
    throw new ApiError(400, `${path} is ${JSON.stringify(value)}; it must be 32 hex digits (a UUID, dashes optional)`);
  }
  return id;
}

function readFrame(value: unknown, path: string): StackFrame {
  const frame = elementObject(value, path);
  const out: StackFrame = {};
  const filename = readString(frame, 'filename', path) ?? readString(frame, 'abs_path', path);
  const fn = readString(frame, 'function', path);
  const module = readString(frame, 'module', path);
  const lineno = readNumber(frame, 'lineno', path);
  const colno = readNumber(frame, 'colno', path);
  const inApp = readBoolean(frame, 'in_app', path);
  if (filename !== undefined) out.filename = filename;
  if (fn !== undefined) out.function = fn;
  if (module !== undefined) out.module = module;
  if (lineno !== undefined) out.lineno = lineno;
  if (colno !== undefined) out.colno = colno;
  if (inApp !== undefined) out.in_app = inApp;
  return out;
}

function readException(value: unknown, path: string): ExceptionValue {
  const exception = elementObject(value, path);
  const stacktrace = readObject(exception, 'stacktrace', path);
  const frames = stacktrace ? (readArray(stacktrace, 'frames', `${path}.stacktrace`) ?? []) : [];
  const out: ExceptionValue = {
    frames: frames.map((frame, index) => readFrame(frame, `${path}.stacktrace.frames[${index}]`)),
  };
  const type = readString(exception, 'type', path);
  const text = readString(exception, 'value', path);
  const module = readString(exception, 'module', path);
  if (type !== undefined) out.type = type;
  if (text !== undefined) out.value = text;
  if (module !== undefined) out.module = module;
  return out;
}

function readExceptions(event: JsonObject, path: string): ExceptionValue[] {
  const exception = event.exception;
  if (exception === undefined || exception === null) return [];
  if (Array.isArray(exception)) return exception.map((value, index) => readException(value, `${path}.exception[${index}]`));
  if (!isObject(exception)) {
    throw new ApiError(400, `${path}.exception must be {"values": […]} or an array of exceptions`);
  }
  const values = readArray(exception, 'values', `${path}.exception`) ?? [];
  return values.map((value, index) => readException(value, `${path}.exception.values[${index}]`));
}

function readMessage(event: JsonObject, path: string): string | undefined {
  for (const field of ['message', 'logentry']) {
    const value = event[field];
    if (value === undefined || value === null) continue;
    if (typeof value === 'string') return value;
    if (!isObject(value)) throw new ApiError(400, `${path}.${field} must be a string or {"formatted": "…"}`);
    const text = readString(value, 'formatted', `${path}.${field}`) ?? readString(value, 'message', `${path}.${field}`);
    if (text !== undefined) return text;
  }
  return undefined;
}

function readUser(event: JsonObject, path: string, clientAddress: string): EventUser | undefined {
  const user = readObject(event, 'user', path);
  if (!user) return undefined;
  const where = `${path}.user`;
  const out: EventUser = {};
  const id = readId(user, 'id', where);
  const username = readString(user, 'username', where);
  const email = readString(user, 'email', where);
  const address = readString(user, 'ip_address', where);
  if (id) out.id = id;
  if (username) out.username = username;
  if (email) out.email = email;
  if (address) out.ip_address = address === '{{auto}}' ? clientAddress : address;
  return out;
}

function readFingerprint(event: JsonObject, path: string): string[] | undefined {
  const fingerprint = readArray(event, 'fingerprint', path);
  if (!fingerprint || fingerprint.length === 0) return undefined;
  return fingerprint.map((part, index) => {
    if (typeof part === 'string') return part;
    if (typeof part === 'number' || typeof part === 'boolean') return String(part);
    throw new ApiError(400, `${path}.fingerprint[${index}] must be a string`);
  });
}

/** Normalizes one event payload; `path` names it in messages (`event`). */
export function normalizeEvent(payload: unknown, context: NormalizeContext, path = 'event'): ErrorEvent {
  if (!isObject(payload)) throw new ApiError(400, `${path} must be a JSON object`);
  const event: ErrorEvent = {
    eventId: readEventId(payload.event_id, `${path}.event_id`) ?? context.fallbackEventId(),
    timestamp: occurrenceTime(payload.timestamp, context.receivedAt, `${path}.timestamp`),
    receivedAt: context.receivedAt,
    platform: readString(payload, 'platform', path) || 'other',
    level: readString(payload, 'level', path) || 'error',
    exceptions: readExceptions(payload, path),
  };
  const message = readMessage(payload, path);
  const user = readUser(payload, path, context.clientAddress);
  const release = readString(payload, 'release', path);
  const environment = readString(payload, 'environment', path);
  const fingerprint = readFingerprint(payload, path);
  const transaction = readString(payload, 'transaction', path);
  const culprit = readString(payload, 'culprit', path);
  if (message !== undefined) event.message = message;
  if (user) event.user = user;
  if (release) event.release = release;
  if (environment) event.environment = environment;
  if (fingerprint) event.fingerprint = fingerprint;
  if (transaction) event.transaction = transaction;
  if (culprit) event.culprit = culprit;
  return event;
}
