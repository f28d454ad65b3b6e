import type { z } from 'zod';
import { formatPath } from '../../../register/field-path.ts';
import { type QueryObject, queryObjectSchema } from '../../../schemas/query.ts';
import { ApiError } from '../../platform/api-error.ts';
import { assertFilterDepth } from './query-bounds.ts';

/** `filters[0].values[1]` → `query.filters[0].values[1]`. */
const fieldPath = (path: readonly PropertyKey[]) => formatPath(['query', ...path]);

/** The most useful issue of a failed union: the one that got deepest into the value. */
function deepest(issue: z.core.$ZodIssue): z.core.$ZodIssue {
  if (issue.code !== 'invalid_union' || issue.errors.length === 0) return issue;
  const candidates = issue.errors
    .flat()
    .map((inner) => deepest({ ...inner, path: [...issue.path, ...inner.path] } as z.core.$ZodIssue));
  return candidates.reduce((best, next) => (next.path.length > best.path.length ? next : best));
}

function describe(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'unrecognized_keys':
      return `unknown field${issue.keys.length > 1 ? 's' : ''} ${issue.keys.join(', ')}; a query has measures, dimensions, timeDimensions, filters, order, limit, offset and timezone`;
    case 'invalid_value':
      return issue.message.replace(/^Invalid option: expected one of /, 'must be one of ');
    case 'invalid_type':
      return `expected ${issue.expected}`;
    default:
      return issue.message;
  }
}

/** Checks the shape of a query object; a wrong shape is a 400 naming the field. */
export function parseQueryObject(raw: unknown): QueryObject {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw))
    throw new ApiError(
      400,
      'query: the request needs a "query" object, such as {"query": {"measures": ["TrackedEvents.count"]}}',
    );
  assertFilterDepth(raw);
  const result = queryObjectSchema.safeParse(raw);
  if (result.success) return result.data;
  const issue = deepest(result.error.issues[0] as z.core.$ZodIssue);
  throw new ApiError(400, `${fieldPath(issue.path)}: ${describe(issue)}`);
}
