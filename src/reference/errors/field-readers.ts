/**
 * Typed reads of event fields that name the field path on failure. `null` counts as absent, since
 * several SDKs send `null` for fields they do not fill.
 */
import { ApiError } from '../platform/api-error.ts';

/** A JSON object. */
export type JsonObject = Record<string, unknown>;

/** Whether a value is a JSON object (not an array, not null). */
export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function reject(path: string, expected: string, value: unknown): never {
  const got = Array.isArray(value) ? 'an array' : typeof value === 'object' ? 'an object' : JSON.stringify(value);
  throw new ApiError(400, `${path} must be ${expected}; got ${got}`);
}

// Each reader is its own function rather than one made by a shared factory: closures of one factory share
// their type feedback, which makes every field read through them a slow generic one (events have dozens).

const absent = (value: unknown): value is undefined | null => value === undefined || value === null;

const isFiniteNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** An optional string: absent or `null` is undefined, anything else but a string a 400 naming `path.field`. */
export function readString(object: JsonObject, field: string, path: string): string | undefined {
  const value = object[field];
  if (absent(value)) return undefined;
  if (typeof value !== 'string') reject(`${path}.${field}`, 'a string', value);
  return value;
}

/** An optional finite number. */
export function readNumber(object: JsonObject, field: string, path: string): number | undefined {
  const value = object[field];
  if (absent(value)) return undefined;
  if (!isFiniteNumber(value)) reject(`${path}.${field}`, 'a number', value);
  return value;
}

/** An optional boolean. */
export function readBoolean(object: JsonObject, field: string, path: string): boolean | undefined {
  const value = object[field];
  if (absent(value)) return undefined;
  if (typeof value !== 'boolean') reject(`${path}.${field}`, 'true or false', value);
  return value;
}

/** An optional object. */
export function readObject(object: JsonObject, field: string, path: string): JsonObject | undefined {
  const value = object[field];
  if (absent(value)) return undefined;
  if (!isObject(value)) reject(`${path}.${field}`, 'an object', value);
  return value;
}

/** An optional array. */
export function readArray(object: JsonObject, field: string, path: string): unknown[] | undefined {
  const value = object[field];
  if (absent(value)) return undefined;
  if (!Array.isArray(value)) reject(`${path}.${field}`, 'an array', value);
  return value;
}

function readStringOrNumber(object: JsonObject, field: string, path: string): string | number | undefined {
  const value = object[field];
  if (absent(value)) return undefined;
  if (typeof value !== 'string' && !isFiniteNumber(value)) reject(`${path}.${field}`, 'a string or a number', value);
  return value as string | number;
}

/** An optional identifier sent as a string or a number (user ids are either), as a string. */
export function readId(object: JsonObject, field: string, path: string): string | undefined {
  const value = readStringOrNumber(object, field, path);
  return value === undefined ? undefined : String(value);
}

/** An array element that must be an object. */
export function elementObject(value: unknown, path: string): JsonObject {
  if (!isObject(value)) reject(path, 'an object', value);
  return value;
}
