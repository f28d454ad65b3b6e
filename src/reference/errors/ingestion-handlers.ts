/**
 * The store and envelope endpoints at the paths SDKs derive from a DSN:
 * `/api/v4/error_tracking/collector/api/{project_id}/store/` and `…/envelope/`. Browsers may post to
 * them from any origin, so answers carry permissive CORS headers and preflights are answered.
 */
import { http } from 'msw';
import type { ApiError } from '../platform/api-error.ts';
import { checkDeclaredLength } from './body-decoding.ts';
import { DSN_PATH_PREFIX } from './dsn.ts';
import { type IngestDeps, type IngestRequest, type IngestResult, ingest } from './ingest.ts';

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'POST, OPTIONS',
  'access-control-allow-headers': 'content-type, content-encoding, x-sentry-auth, authorization',
  'access-control-expose-headers': 'x-sentry-rate-limits, retry-after',
};
const JSON_CORS = { ...CORS, 'content-type': 'application/json' };

/** Both endpoints under one route, so a request is matched once whichever it is for. */
const ROUTE = `*${DSN_PATH_PREFIX}/api/:projectId/:kind/`;

const isKind = (kind: unknown): kind is IngestRequest['kind'] => kind === 'envelope' || kind === 'store';

/**
 * The client's address, for `{{auto}}`: the first `X-Forwarded-For` entry (the local server sets it from
 * the socket), else `X-Real-IP`, else 127.0.0.1 — in the browser and under MSW in Node the client is the
 * same machine. Reference design.
 */
function clientAddressOf(headers: Headers): string {
  const forwarded = headers.get('x-forwarded-for')?.split(',')[0]?.trim();
  return forwarded || headers.get('x-real-ip')?.trim() || '127.0.0.1';
}

/**
 * An ingestion answer. A plain `Response` rather than `HttpResponse.json`, which measures every body through a
 * `Blob` for `Content-Length`: this is the busiest path, and hosts set the length when they send the body.
 */
const answer = ({ status, body }: IngestResult): Response => new Response(JSON.stringify(body), { status, headers: JSON_CORS });

/** The ingestion handlers over the given state. */
export function ingestionHandlers(deps: IngestDeps) {
  return [
    http.post(ROUTE, async ({ request, params }) => {
      if (!isKind(params.kind)) return undefined;
      try {
        checkDeclaredLength(request.headers.get('content-length'));
      } catch (error) {
        const { message, status } = error as ApiError;
        return answer({ status, body: { message, error: message } });
      }
      const result = await ingest(deps, {
        kind: params.kind,
        projectId: String(params.projectId),
        headers: request.headers,
        query: new URL(request.url).searchParams,
        body: new Uint8Array(await request.arrayBuffer()),
        clientAddress: clientAddressOf(request.headers),
      });
      return answer(result);
    }),
    http.options(ROUTE, ({ params }) => (isKind(params.kind) ? new Response(null, { status: 204, headers: CORS }) : undefined)),
  ];
}
