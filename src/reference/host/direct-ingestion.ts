/**
 * The Node host's direct ingestion route: a POST to the error-tracking store or envelope path is answered by
 * the same `answerIngestion` as its MSW handler, with the body read under the same limits, but without a Fetch
 * `Request`, MSW's routing or a promise where none is needed (the busiest path of the local server).
 */
import type { IncomingMessage } from 'node:http';
import { DSN_PATH_PREFIX } from '../errors/dsn.ts';
import type { IngestionAnswer, IngestionInput } from '../errors/ingestion-handlers.ts';
import { INGESTION_PATH } from '../errors/ingestion-handlers.ts';
import { bodyLimitFor } from './body-limits.ts';
import { collectBody, isTooLarge, type TooLarge } from './body-reading.ts';

/** What the route answers: the ingestion's answer, or a body over the limit (the host answers 413 and closes). */
export type DirectAnswer = { answer: IngestionAnswer } | { tooLarge: TooLarge; declared: boolean };

/** The body limit of both ingestion paths. */
const INGESTION_BODY_LIMIT = bodyLimitFor(`${DSN_PATH_PREFIX}/`);

/** The query of a target without one. */
const NO_QUERY: Pick<URLSearchParams, 'get'> = { get: () => null };

/** Node's headers as the ingestion reads them: `get` by lower-case name. */
const nodeHeaders = (req: IncomingMessage): Pick<Headers, 'get'> => ({
  get: (name) => {
    const value = req.headers[name.toLowerCase()];
    return Array.isArray(value) ? value.join(', ') : (value ?? null);
  },
});

/** The ingestion kind and raw project id of a target, when it is an ingestion path. */
export function ingestionTarget(target: string): { kind: 'envelope' | 'store'; projectId: string; query: string } | undefined {
  const queryAt = target.indexOf('?');
  const match = INGESTION_PATH.exec(queryAt < 0 ? target : target.slice(0, queryAt));
  if (!match) return undefined;
  return {
    kind: match[2] as 'envelope' | 'store',
    // As sent: a project id is canonical decimal digits, so an escaped one is simply not found.
    projectId: match[1] as string,
    query: queryAt < 0 ? '' : target.slice(queryAt + 1),
  };
}

/**
 * Answers an ingestion request whose target is `target` (see {@link ingestionTarget}), from `client`: the body
 * is read under the limit, then ingested, and `reply` gets the answer — at once when ingestion needs no promise,
 * as for nearly every SDK request. `fail` gets what went wrong instead (the connection broke, a bug).
 */
export function ingestDirectly(
  req: IncomingMessage,
  target: NonNullable<ReturnType<typeof ingestionTarget>>,
  client: string,
  ingest: (input: IngestionInput) => IngestionAnswer | Promise<IngestionAnswer>,
  reply: (result: DirectAnswer) => void,
  fail: (error: unknown) => void,
): void {
  const { bytes: limit, route } = INGESTION_BODY_LIMIT;
  const declared = Number(req.headers['content-length']);
  if (declared > limit) {
    reply({ tooLarge: { tooLarge: true, bytes: declared, limit, route }, declared: true });
    return;
  }
  collectBody(
    req,
    limit,
    route,
    (body) => {
      if (isTooLarge(body)) {
        reply({ tooLarge: body, declared: false });
        return;
      }
      try {
        const answer = ingest({
          kind: target.kind,
          projectId: target.projectId,
          headers: nodeHeaders(req),
          query: target.query === '' ? NO_QUERY : new URLSearchParams(target.query),
          contentLength: req.headers['content-length'] ?? null,
          clientAddress: client,
          body: () => body,
        });
        if (answer instanceof Promise) answer.then((each) => reply({ answer: each })).catch(fail);
        else reply({ answer });
      } catch (error) {
        fail(error);
      }
    },
    fail,
  );
}
