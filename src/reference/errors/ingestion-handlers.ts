/**
 * The store and envelope endpoints at the paths SDKs derive from a DSN:
 * `/api/v4/error_tracking/collector/api/{project_id}/store/` and `…/envelope/`. Browsers may post to
 * them from any origin, so answers carry permissive CORS headers and preflights are answered.
 */
import { HttpResponse, http } from 'msw';
import type { ApiError } from '../platform/api-error.ts';
import { checkDeclaredLength } from './body-decoding.ts';
import { DSN_PATH_PREFIX } from './dsn.ts';
import { type IngestDeps, type IngestRequest, ingest } from './ingest.ts';

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'POST, OPTIONS',
  'access-control-allow-headers': 'content-type, content-encoding, x-sentry-auth, authorization',
  'access-control-expose-headers': 'x-sentry-rate-limits, retry-after',
};

/**
 * The client's address, for `{{auto}}`: the first `X-Forwarded-For` entry (the local server sets it from
 * the socket), else `X-Real-IP`, else 127.0.0.1 — in the browser and under MSW in Node the client is the
 * same machine. Reference design.
 */
export function clientAddressOf(headers: Headers): string {
  const forwarded = headers.get('x-forwarded-for')?.split(',')[0]?.trim();
  return forwarded || headers.get('x-real-ip')?.trim() || '127.0.0.1';
}

/** Builds the ingestion request for a Fetch request. */
export async function toIngestRequest(request: Request, kind: IngestRequest['kind'], projectId: string): Promise<IngestRequest> {
  return {
    kind,
    projectId,
    headers: request.headers,
    query: new URL(request.url).searchParams,
    body: new Uint8Array(await request.arrayBuffer()),
    clientAddress: clientAddressOf(request.headers),
  };
}

/** The ingestion handlers over the given state. */
export function ingestionHandlers(deps: IngestDeps) {
  const route = (kind: IngestRequest['kind']) => `*${DSN_PATH_PREFIX}/api/:projectId/${kind}/`;
  const handle = (kind: IngestRequest['kind']) =>
    http.post(route(kind), async ({ request, params }) => {
      try {
        checkDeclaredLength(request.headers.get('content-length'));
      } catch (error) {
        const { message, status } = error as ApiError;
        return HttpResponse.json({ message, error: message }, { status, headers: CORS });
      }
      const result = await ingest(deps, await toIngestRequest(request, kind, String(params.projectId)));
      return HttpResponse.json(result.body, { status: result.status, headers: CORS });
    });
  const preflight = (kind: IngestRequest['kind']) =>
    http.options(route(kind), () => new HttpResponse(null, { status: 204, headers: CORS }));
  return [handle('envelope'), handle('store'), preflight('envelope'), preflight('store')];
}
