import type { RequestMatch } from '../../schemas/enforcement-rule.ts';
import { readBodyFields } from './request-fields.ts';

/**
 * Whether a request is one a rule concerns (see `requestMatchSchema`). The body is read from a clone, so
 * the endpoint can still read it; a body that cannot be read has no fields here, and the endpoint itself
 * answers it with a 400.
 */
export async function matchesRequest(when: RequestMatch | undefined, request: Request): Promise<boolean> {
  if (!when) return true;
  if (when.query_all) {
    const query = new URL(request.url).searchParams;
    if (!when.query_all.every((name) => query.has(name))) return false;
  }
  if (when.body_any) {
    const fields = await readBodyFields(request.clone()).catch(() => ({}));
    if (!when.body_any.some((name) => Object.hasOwn(fields, name))) return false;
  }
  return true;
}
