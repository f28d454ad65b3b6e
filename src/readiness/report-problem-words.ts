import type { z } from 'zod';

/** What a JSON value is, in words: `a number`, `a list`, `nothing`. */
function kindOf(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string') return `the text ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)}`;
  return `${typeof value === 'number' ? 'the number' : 'the value'} ${String(value)}`;
}

/** What a schema expects, in words. */
const EXPECTED: Record<string, string> = {
  object: 'an object',
  array: 'a list',
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
};

/** The value at a path of parsed JSON, or undefined. */
function valueAt(data: unknown, path: readonly PropertyKey[]): unknown {
  let value = data;
  for (const key of path) value = (value as Record<PropertyKey, unknown> | null | undefined)?.[key];
  return value;
}

/**
 * One problem of a report that does not fit, in words a user acts on: which field, what it should be and
 * what it is (`the field "tool" is missing`), not the schema library's text (`Invalid input: expected object,
 * received undefined`). Where the library's issue is one this does not know, its message is kept.
 */
export function problemInWords(issue: z.core.$ZodIssue, data: unknown): string {
  const field = issue.path.length > 0 ? `the field "${issue.path.map(String).join('.')}"` : 'the file';
  const value = valueAt(data, issue.path);
  switch (issue.code) {
    case 'invalid_type':
      if (value === undefined) return `${field} is missing`;
      return `${field} should be ${EXPECTED[issue.expected] ?? issue.expected} but is ${kindOf(value)}`;
    case 'invalid_value':
      return `${field} should be ${issue.values.map((allowed) => JSON.stringify(allowed)).join(' or ')} but is ${kindOf(value)}`;
    case 'too_big':
      return `${field} is too ${issue.origin === 'string' ? 'long' : issue.origin === 'array' ? 'long a list' : 'large'} (at most ${String(issue.maximum)}${issue.origin === 'string' ? ' characters' : ''})`;
    case 'too_small':
      if (issue.origin === 'number') return `${field} should be ${String(issue.minimum)} or more but is ${kindOf(value)}`;
      return `${field} is too short (at least ${String(issue.minimum)}${issue.origin === 'string' ? (Number(issue.minimum) === 1 ? ' character' : ' characters') : ''})`;
    case 'invalid_format':
      if (issue.format === 'datetime')
        return `${field} should be a date and time such as 2026-05-01T12:00:00Z but is ${kindOf(value)}`;
      return `${field} is not in the ${issue.format} format`;
    default:
      return `${field}: ${issue.message}`;
  }
}
