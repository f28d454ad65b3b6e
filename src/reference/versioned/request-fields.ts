/**
 * The fields of a request body, read the way REST clients send them: a JSON object, or a form
 * (`application/x-www-form-urlencoded` or `multipart/form-data`, as `curl --form` sends).
 */
import { ApiError } from '../platform/api-error.ts';

/**
 * Reads the body's fields. An empty body has none. A body that is neither a JSON object nor a form is
 * rejected with a 400 that says what was sent. The request's body is consumed: pass a clone to keep it.
 */
export async function readBodyFields(request: Request): Promise<Record<string, unknown>> {
  const type = request.headers.get('content-type')?.toLowerCase() ?? '';
  if (type.startsWith('multipart/form-data') || type.startsWith('application/x-www-form-urlencoded')) {
    const form = await request.formData().catch(() => {
      throw new ApiError(400, '400 Bad Request: the form body could not be read; check its Content-Type and encoding');
    });
    const fields: Record<string, unknown> = {};
    for (const [name, value] of form) fields[name] = typeof value === 'string' ? value : value.name;
    return fields;
  }
  const text = await request.text();
  if (text.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new ApiError(400, `400 Bad Request: the request body is not valid JSON: ${(error as Error).message}`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new ApiError(400, '400 Bad Request: the request body must be a JSON object of named fields');
  }
  return parsed as Record<string, unknown>;
}
