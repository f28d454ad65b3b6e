import { HttpResponse } from 'msw';

/**
 * A rejection the API answers with a status and a JSON body `{message, error}`. `message` says what was
 * wrong and what to do; `error` repeats it for clients (the Cube client shows `error`).
 */
export class ApiError extends Error {
  readonly status: number;
  readonly headers: Record<string, string>;
  /** Further fields of the JSON body, beside `message` and `error` (such as a refused query's cost and limit). */
  readonly fields: Record<string, unknown>;

  constructor(status: number, message: string, headers: Record<string, string> = {}, fields: Record<string, unknown> = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.headers = headers;
    this.fields = fields;
  }
}

/** A JSON error response. */
export function errorResponse(
  status: number,
  message: string,
  headers: Record<string, string> = {},
  fields: Record<string, unknown> = {},
): Response {
  return HttpResponse.json({ ...fields, message, error: message }, { status, headers });
}

/**
 * Runs a resolver and turns a thrown {@link ApiError} into its response. Anything else is a bug in the
 * reference implementation, answered as a 500 that still carries a JSON message.
 */
export async function answering(run: () => Response | Promise<Response>): Promise<Response> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof ApiError) return errorResponse(error.status, error.message, error.headers, error.fields);
    const message = error instanceof Error ? error.message : String(error);
    return errorResponse(500, `internal error in the reference implementation: ${message}`);
  }
}

/** Reads a JSON request body, or rejects with a 400 that says why. */
export async function readJson(request: Request): Promise<unknown> {
  const text = await request.text();
  if (text.trim() === '') throw new ApiError(400, 'the request body is empty; send a JSON object');
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new ApiError(400, `the request body is not valid JSON: ${(error as Error).message}`);
  }
}
