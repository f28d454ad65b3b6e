import type { QueryObject } from '../../schemas/query.ts';
import { DEMO_TOKEN, LOAD_PATH } from '../../site/demo-world.ts';
import type { QueryResult } from './query-result.ts';

/** The endpoint refused the query; `message` is its `{message}` as sent, `status` the HTTP status. */
export class QueryRefused extends Error {
  readonly status: number;

  constructor(status: number, message: string) {
    super(message);
    this.name = 'QueryRefused';
    this.status = status;
  }
}

/**
 * Sends one query to the analytics query endpoint, on this page's origin (the in-browser reference answers
 * it), and returns its result. A refusal throws {@link QueryRefused} with the endpoint's own message.
 */
export async function loadQuery(query: QueryObject, fetcher: typeof fetch = fetch): Promise<QueryResult> {
  const response = await fetcher(LOAD_PATH, {
    method: 'POST',
    headers: { 'PRIVATE-TOKEN': DEMO_TOKEN.read, 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ query }),
  });
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const message = (body as { message?: unknown } | undefined)?.message;
    throw new QueryRefused(response.status, typeof message === 'string' ? message : `the endpoint answered ${response.status}`);
  }
  const result = (body as { results?: QueryResult[] } | undefined)?.results?.[0];
  if (!result) throw new QueryRefused(response.status, 'the answer holds no result');
  return result;
}
