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

/** A reader of one optional field: absent or `null` is undefined, a value `accepts` refuses is a 400. */
function optional<T>(expected: string, accepts: (value: unknown) => value is T) {
  return (object: JsonObject, field: string, path: string): T | undefined => {
    const value = object[field];
    if (value === undefined || value === null) return undefined;
    if (!accepts(value)) reject(`${path}.${field}`, expected, value);
    return value;
  };
}

const isFiniteNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** An optional string. */
export const readString = optional('a string', (value): value is string => typeof value === 'string');

/** An optional finite number. */
export const readNumber = optional('a number', isFiniteNumber);

/** An optional boolean. */
export const readBoolean = optional('true or false', (value): value is boolean => typeof value === 'boolean');

/** An optional object. */
export const readObject = optional('an object', isObject);

/** An optional array. */
export const readArray = optional('an array', (value): value is unknown[] => Array.isArray(value));

const readStringOrNumber = optional(
  'a string or a number',
  (value): value is string | number => typeof value === 'string' || isFiniteNumber(value),
);

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
