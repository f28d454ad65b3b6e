/**
 * The store and envelope endpoints at the paths SDKs derive from a DSN:
 * `/api/v4/error_tracking/collector/api/{project_id}/store/` and `…/envelope/`. Browsers may post to
 * them from any origin, so answers carry permissive CORS headers and preflights are answered.
 */
import { http } from 'msw';
import { ApiError } from '../platform/api-error.ts';
import { checkDeclaredLength } from './body-decoding.ts';
import { DSN_PATH_PREFIX } from './dsn.ts';
import { type IngestDeps, type IngestRequest, type IngestResult, ingest } from './ingest.ts';

/**
 * What a browser reads on the answer to a post: that any origin may read it, and which of its headers a
 * script may see (an SDK backs off by the rate limits). The methods and request headers allowed are a
 * preflight's answer alone: on any other answer a browser does not read them.
 */
const CORS = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers': 'x-sentry-rate-limits, retry-after',
};
/** The preflight's answer: what a browser may send to both endpoints. */
const PREFLIGHT = {
  ...CORS,
  'access-control-allow-methods': 'POST, OPTIONS',
  'access-control-allow-headers': 'content-type, content-encoding, x-sentry-auth, authorization',
};
/** The headers of every answer of both endpoints but the preflight's (JSON, CORS). */
export const JSON_CORS = { ...CORS, 'content-type': 'application/json' };

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

/** An ingestion answer as plain data, which a host writes without building a Fetch `Response`. */
export interface IngestionAnswer {
  status: number;
  headers: Record<string, string>;
  text: string;
}

/** A request to the store or envelope endpoint, as any host has it. */
export type IngestionInput = Omit<IngestRequest, 'body'> & {
  /** The `Content-Length` header as sent, checked before the body is read. */
  contentLength: string | null;
  /** Reads the body (a host that has read it already answers at once); only called once the declared length passed. */
  body(): Uint8Array | Promise<Uint8Array>;
};

/** The answer as a host writes it. */
const asAnswer = (result: IngestResult): IngestionAnswer => ({
  status: result.status,
  headers: JSON_CORS,
  text: JSON.stringify(result.body),
});

/** A fault before ingestion proper (the declared length, or a body that could not be read) as its answer. */
function refused(error: unknown): IngestionAnswer {
  const [status, message] =
    error instanceof ApiError
      ? [error.status, error.message]
      : [400, `the request body could not be read: ${(error as Error).message}`];
  return asAnswer({ status, body: { message, error: message } });
}

/**
 * The one answer of both endpoints, shared by the MSW handler and the Node host's direct route: the declared
 * length checked first, then {@link ingest}. Without a promise when neither the body nor ingestion needs one.
 */
export function answerIngestion(deps: IngestDeps, input: IngestionInput): IngestionAnswer | Promise<IngestionAnswer> {
  let body: Uint8Array | Promise<Uint8Array>;
  try {
    checkDeclaredLength(input.contentLength);
    body = input.body();
  } catch (error) {
    return refused(error);
  }
  const { kind, projectId, headers, query, clientAddress } = input;
  const ingestBody = (bytes: Uint8Array) => {
    const result = ingest(deps, { kind, projectId, headers, query, clientAddress, body: bytes });
    return result instanceof Promise ? result.then(asAnswer) : asAnswer(result);
  };
  return body instanceof Promise ? body.then(ingestBody, refused) : ingestBody(body);
}

/** The path of both endpoints, for hosts that route without MSW: groups are the project id and the kind. */
export const INGESTION_PATH = new RegExp(`^${DSN_PATH_PREFIX}/api/([^/]+)/(envelope|store)/$`);

/**
 * A plain `Response` rather than `HttpResponse.json`, which measures every body through a `Blob` for
 * `Content-Length`: this is the busiest path, and hosts set the length when they send the body.
 */
const toResponse = ({ status, headers, text }: IngestionAnswer): Response => new Response(text, { status, headers });

/** The ingestion handlers over the given state. */
export function ingestionHandlers(deps: IngestDeps) {
  return [
    http.post(ROUTE, async ({ request, params }) => {
      if (!isKind(params.kind)) return undefined;
      return toResponse(
        await answerIngestion(deps, {
          kind: params.kind,
          projectId: String(params.projectId),
          headers: request.headers,
          query: new URL(request.url).searchParams,
          contentLength: request.headers.get('content-length'),
          body: async () => new Uint8Array(await request.arrayBuffer()),
          clientAddress: clientAddressOf(request.headers),
        }),
      );
    }),
    http.options(ROUTE, ({ params }) =>
      isKind(params.kind) ? new Response(null, { status: 204, headers: PREFLIGHT }) : undefined,
    ),
  ];
}
