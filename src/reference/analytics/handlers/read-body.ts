import type { z } from 'zod/mini';
import { formatPath } from '../../../register/field-path.ts';
import { ApiError, readJson } from '../../platform/api-error.ts';

/**
 * Reads a JSON request body against a schema. The first problem is a 400 naming its field (`body` for the
 * body as a whole); an unknown field is answered with `knownFields`, which says what the body may hold.
 */
export async function readBody<T extends z.ZodMiniType>(request: Request, schema: T, knownFields: string): Promise<z.output<T>> {
  const result = schema.safeParse(await readJson(request));
  if (result.success) return result.data;
  const issue = result.error.issues[0] as z.core.$ZodIssue;
  const field = formatPath(issue.path) || 'body';
  if (issue.code === 'unrecognized_keys')
    throw new ApiError(400, `${field}: unknown field ${issue.keys.join(', ')}; ${knownFields}`);
  if (issue.code === 'invalid_type' && issue.path.length === 0)
    throw new ApiError(400, `body: expected a JSON object; ${knownFields}`);
  throw new ApiError(400, `${field}: ${issue.message}`);
}
