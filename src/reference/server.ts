/**
 * The reference implementation over real HTTP: MSW handlers served by a Node server, with what only a network
 * host needs — request targets and bodies read under limits, one spelling per resource, 405 with `Allow`,
 * backpressure per connection, the client's address from the socket (or from trusted proxies), and a direct
 * route for SDK ingestion.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { getResponse, type HttpHandler } from 'msw';
import type { IngestionAnswer, IngestionInput } from './errors/ingestion-handlers.ts';
import { allowedMethods, methodNotAllowed } from './host/allowed-methods.ts';
import { bodyLimitFor } from './host/body-limits.ts';
import { isTooLarge, readBody, tooLargeAnswer } from './host/body-reading.ts';
import { clientAddress } from './host/client-address.ts';
import { connectionQueue } from './host/connection-queue.ts';
import { ingestDirectly, ingestionTarget } from './host/direct-ingestion.ts';
import { badHost, MAX_TARGET_CHARS, nonCanonical, notCanonicalAnswer, requestUrl, targetTooLong } from './host/request-target.ts';
import { servedPaths } from './host/served-paths.ts';
import { errorResponse } from './platform/api-error.ts';

/** Methods the reference answers; anything else (TRACE, CONNECT, PROPFIND …) is a 405 before routing. */
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
const KNOWN_METHODS = new Set(METHODS);

/** Where a process supervisor or a CI job asks whether the server is up (GitLab's own readiness path). */
export const READINESS_PATH = '/-/readiness';

/** Headers every answer carries: browsers must not guess a type other than the one sent. */
const ALWAYS = { 'X-Content-Type-Options': 'nosniff' } as const;

/**
 * The headers an answer is sent with: {@link ALWAYS}, and on a 503 (the data directory refused a write) a
 * `Retry-After` of one second unless the answer names its own, so clients know to send the request again.
 */
function hostHeaders(status: number, headers: Record<string, string | string[]>): Record<string, string | string[]> {
  const all: Record<string, string | string[]> = { ...ALWAYS, ...headers };
  if (status === 503 && !Object.keys(all).some((name) => name.toLowerCase() === 'retry-after')) all['Retry-After'] = '1';
  return all;
}

/**
 * The headers of the direct route's answers, which are the ingestion's few constant sets: built once per set
 * with {@link ALWAYS} and per length (the 200 answer has one length), since this is the busiest path. Past
 * {@link LENGTHS_KEPT} lengths of one set (error messages vary) they are built per answer.
 */
const directHeaders = new WeakMap<Record<string, string>, Map<number, [string, string][]>>();
const LENGTHS_KEPT = 64;
function answerHeaders(
  status: number,
  headers: Record<string, string>,
  length: number,
): Record<string, string | string[]> | [string, string][] {
  if (status === 503) return { ...hostHeaders(status, headers), 'content-length': String(length) };
  let byLength = directHeaders.get(headers);
  if (!byLength) {
    byLength = new Map();
    directHeaders.set(headers, byLength);
  }
  const kept = byLength.get(length);
  if (kept) return kept;
  const built: [string, string][] = [...Object.entries({ ...ALWAYS, ...headers }), ['content-length', String(length)]];
  if (byLength.size < LENGTHS_KEPT) byLength.set(length, built);
  return built;
}

/** Options of {@link createReferenceServer}. */
export interface ReferenceServerOptions {
  /**
   * How many proxies in front append to `X-Forwarded-For` (see `host/client-address.ts`); 0 by default: the
   * client is the socket's address, and a client-sent `X-Forwarded-For` or `X-Real-IP` is dropped.
   */
  trustProxy?: number;
  /**
   * The error-tracking store and envelope endpoints answered without MSW or a Fetch `Request` (the busiest
   * path), by the same function their MSW handler calls; usually `reference.errors.answerIngestion`.
   */
  ingest?: (input: IngestionInput) => IngestionAnswer | Promise<IngestionAnswer>;
  /** How long a request may take to arrive, headers and body, before it is answered 408; 30 s by default. */
  requestTimeoutMs?: number;
}

function headersOf(req: IncomingMessage, client: string): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    // The client's address travels the one way handlers read it, as the host determined it.
    if (name === 'x-forwarded-for' || name === 'x-real-ip') continue;
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else if (value !== undefined) headers.set(name, value);
  }
  headers.set('x-forwarded-for', client);
  return headers;
}

/**
 * Turns a Node request into a Fetch `Request`, or the error answer when its body is refused. A HEAD is asked
 * of the handlers as a GET: its answer's status and headers are sent without the body (Node drops a HEAD
 * answer's body), so HEAD works wherever GET does.
 */
async function toRequest(req: IncomingMessage, url: URL, client: string): Promise<Request | Response> {
  const method = req.method as string;
  const headers = headersOf(req, client);
  if (method === 'GET' || method === 'HEAD') {
    req.resume();
    return new Request(url, { method: 'GET', headers });
  }
  const { bytes: limit, route } = bodyLimitFor(url.pathname);
  const declared = Number(req.headers['content-length']);
  if (declared > limit) return tooLargeAnswer({ tooLarge: true, bytes: declared, limit, route }, true);
  const body = await readBody(req, limit, route);
  if (isTooLarge(body)) return tooLargeAnswer(body, false);
  return new Request(url, { method, headers, body: body.length > 0 ? body : undefined });
}

async function send(res: ServerResponse, response: Response): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  const setCookie = response.headers.getSetCookie();
  if (setCookie.length > 0) headers['set-cookie'] = setCookie;
  const body = Buffer.from(await response.arrayBuffer());
  headers['content-length'] = String(body.length);
  if (response.headers.get('connection') === 'close') closeAfter(res);
  res.writeHead(response.status, hostHeaders(response.status, headers));
  res.end(body);
}

/** After a refused body the rest of it is not read: the answer is sent and the connection closed. */
function closeAfter(res: ServerResponse): void {
  const socket = res.socket as Socket;
  res.once('finish', () => socket.destroySoon());
}

/** The answer to a request the host could not answer (a bug): a 500 while nothing was sent, else the connection cut. */
function failed(res: ServerResponse, error: unknown): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  send(res, errorResponse(500, `internal error in the reference server: ${(error as Error).message}`)).catch(() => res.destroy());
}

/**
 * Answers one request: the host's own refusals, the direct ingestion route (without a promise: the busiest
 * path), then the rest through the handlers.
 */
function answer(
  req: IncomingMessage,
  res: ServerResponse,
  handlers: HttpHandler[],
  served: (rawPath: string) => boolean,
  options: ReferenceServerOptions,
): void {
  const method = req.method ?? 'GET';
  const target = req.url ?? '/';
  const refused = targetTooLong(target) ?? badHost(req);
  if (refused) {
    send(res, refused).catch((error: unknown) => failed(res, error));
    return;
  }
  const client = clientAddress(req.headers['x-forwarded-for'], req.socket.remoteAddress ?? '127.0.0.1', options.trustProxy ?? 0);
  const direct = options.ingest && method === 'POST' ? ingestionTarget(target) : undefined;
  if (direct && options.ingest) {
    ingestDirectly(
      req,
      direct,
      client,
      options.ingest,
      (result) => {
        if ('tooLarge' in result) {
          send(res, tooLargeAnswer(result.tooLarge, result.declared)).catch((error: unknown) => failed(res, error));
          return;
        }
        const { status, headers, text } = result.answer;
        res.writeHead(status, answerHeaders(status, headers, Buffer.byteLength(text)) as Record<string, string>);
        res.end(text);
      },
      (error) => failed(res, error),
    );
    return;
  }
  answerByHandlers(req, res, handlers, served, method, target, client).catch((error: unknown) => failed(res, error));
}

/** Answers a request that is not ingestion: the host's checks of its path, then the handlers. */
async function answerByHandlers(
  req: IncomingMessage,
  res: ServerResponse,
  handlers: HttpHandler[],
  served: (rawPath: string) => boolean,
  method: string,
  target: string,
  client: string,
): Promise<void> {
  const url = requestUrl(target, req.headers.host);
  if (url instanceof Response) return send(res, url);
  if (!KNOWN_METHODS.has(method))
    return send(
      res,
      errorResponse(405, `405 Method Not Allowed: the reference implementation does not answer ${method}`, {
        Allow: METHODS.join(', '),
      }),
    );
  // The path as sent, not as a URL parser rewrites it (backslashes, dot segments): a resource has one spelling.
  const rawPath = target.startsWith('/') ? (target.split('?')[0] as string) : url.pathname;
  const why = target.includes('#') ? 'it holds a fragment (#), which a client never sends' : nonCanonical(rawPath, url.pathname);
  if (why) return send(res, notCanonicalAnswer(method, rawPath, why));
  if (url.pathname === READINESS_PATH && (method === 'GET' || method === 'HEAD')) {
    req.resume();
    return send(res, Response.json({ status: 'ok' }, { headers: { 'cache-control': 'no-store' } }));
  }
  if (!served(rawPath)) {
    req.resume();
    return send(res, errorResponse(404, `404 Not Found: the reference implementation has no ${method} ${rawPath.slice(0, 300)}`));
  }
  const request = await toRequest(req, url, client);
  if (request instanceof Response) return send(res, request);
  const response = await getResponse(handlers, request);
  if (response) return send(res, response);
  const allowed = allowedMethods(handlers, url);
  if (allowed.length > 0 && !allowed.includes(method)) return send(res, methodNotAllowed(method, url.pathname, allowed));
  return send(res, errorResponse(404, `404 Not Found: the reference implementation has no ${method} ${url.pathname}`));
}

/** The most bytes of request line and headers Node reads before answering 431: its default, 16 KiB. */
const MAX_HEADER_BYTES = 16 * 1024;

/**
 * Whether a header block Node found too long is so because of its request line (then the answer is 414):
 * the line has no end within the longest target and its method and version.
 */
function requestLineTooLong(packet: Buffer | undefined): boolean {
  if (!packet) return false;
  const end = packet.indexOf('\r\n');
  return end < 0 ? packet.length > MAX_TARGET_CHARS + 32 : end > MAX_TARGET_CHARS + 32;
}

/** The raw answer to a request Node cannot hand to the request listener (unreadable HTTP, CONNECT). */
function rawAnswer(socket: Socket, status: number, reason: string, message: string, extra = ''): void {
  const body = JSON.stringify({ message, error: message });
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json\r\nX-Content-Type-Options: nosniff\r\n${extra}` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/**
 * Serves MSW handlers over real HTTP. Requests no handler answers get a JSON 404, or a 405 with `Allow` when
 * the path is served with other methods; unknown methods a 405; bodies over their route's limit a 413,
 * decided from `Content-Length` before reading and by counting bytes while reading, after which the
 * connection is closed. A connection's requests are answered one at a time (`host/connection-queue.ts`).
 */
export function createReferenceServer(handlers: HttpHandler[], options: ReferenceServerOptions = {}): Server {
  const requestTimeout = options.requestTimeoutMs ?? 30_000;
  // Stalled requests are looked for every second, so the timeout holds to about a second.
  const timing = { requestTimeout, headersTimeout: Math.min(10_000, requestTimeout), connectionsCheckingInterval: 1000 };
  const served = servedPaths(handlers);
  // Node's own answer to a request without Host is a bare 400; the host answers it with its JSON body instead.
  const server = createServer(
    { ...timing, requireHostHeader: false, maxHeaderSize: MAX_HEADER_BYTES },
    connectionQueue((req, res) => {
      try {
        answer(req, res, handlers, served, options);
      } catch (error) {
        failed(res, error);
      }
    }),
  );
  // A connection that takes no answer for two minutes (a client that stopped reading) is closed, freeing what it holds.
  server.timeout = 120_000;
  // A request that stalls (a body shorter than its Content-Length, headers never finished) gets 408 in bounded time.
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    if (!socket.writable) return;
    if (error.code === 'HPE_HEADER_OVERFLOW' && requestLineTooLong((error as { rawPacket?: Buffer }).rawPacket)) {
      rawAnswer(
        socket,
        414,
        'URI Too Long',
        `414 URI Too Long: the request target is longer than the ${MAX_TARGET_CHARS} characters the reference answers`,
      );
      return;
    }
    const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
    const reason = status === 431 ? 'Request Header Fields Too Large' : status === 408 ? 'Request Timeout' : 'Bad Request';
    const message =
      status === 431
        ? `431 ${reason}: the request's header block is longer than the ${MAX_HEADER_BYTES} bytes the reference reads`
        : `${status}: the request could not be read as HTTP (${error.code ?? error.message})`;
    rawAnswer(socket, status, reason, message);
  });
  // CONNECT (a tunnel through a proxy) is not something the reference is; Node would drop it without an answer.
  server.on('connect', (_req: IncomingMessage, socket: Socket) => {
    rawAnswer(
      socket,
      405,
      'Method Not Allowed',
      '405 Method Not Allowed: the reference implementation does not answer CONNECT (it is not a proxy)',
      `Allow: ${METHODS.join(', ')}\r\n`,
    );
  });
  return server;
}

/** Starts a server on a port (0 picks a free one) and resolves with its base URL. */
export async function listen(server: Server, port: number, host = '127.0.0.1'): Promise<string> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  const address = server.address() as AddressInfo;
  return `http://${host === '0.0.0.0' ? 'localhost' : host}:${address.port}`;
}
