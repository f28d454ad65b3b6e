import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { getResponse, type HttpHandler } from 'msw';
import type { IngestionAnswer, IngestionInput } from './errors/ingestion-handlers.ts';
import { INGESTION_PATH } from './errors/ingestion-handlers.ts';
import { bodyLimitFor } from './host/body-limits.ts';
import { errorResponse } from './platform/api-error.ts';

/** Methods the reference answers; anything else (TRACE, CONNECT, PROPFIND …) is a 405 before routing. */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

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

/** Options of {@link createReferenceServer}. */
export interface ReferenceServerOptions {
  /**
   * Trust a client-sent `X-Forwarded-For` (and `X-Real-IP`), as behind a proxy that sets them. Off by
   * default: the host then drops both and passes the socket's address, so a client cannot pose as many users.
   */
  trustProxy?: boolean;
  /**
   * The error-tracking store and envelope endpoints answered without MSW or a Fetch `Request` (the busiest
   * path), by the same function their MSW handler calls; usually `reference.errors.answerIngestion`.
   */
  ingest?: (input: IngestionInput) => Promise<IngestionAnswer>;
  /** How long a request may take to arrive, headers and body, before it is answered 408; 30 s by default. */
  requestTimeoutMs?: number;
}

/** A body that went over its route's limit while being read. */
interface TooLarge {
  tooLarge: true;
  bytes: number;
  limit: number;
  route: string;
}

const isTooLarge = (value: Uint8Array | TooLarge): value is TooLarge => 'tooLarge' in value;

/** Reads a body, counting bytes; stops reading and resolves a {@link TooLarge} once past `limit`. */
function readBody(req: IncomingMessage, limit: number, route: string): Promise<Uint8Array<ArrayBuffer> | TooLarge> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let bytes = 0;
    const onData = (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > limit) {
        req.off('data', onData);
        req.pause();
        resolve({ tooLarge: true, bytes, limit, route });
        return;
      }
      chunks.push(chunk);
    };
    req.on('data', onData);
    req.once('end', () => {
      const body = new Uint8Array(bytes);
      let at = 0;
      for (const chunk of chunks) {
        body.set(chunk, at);
        at += chunk.length;
      }
      resolve(body);
    });
    req.once('error', reject);
  });
}

function tooLarge(size: TooLarge, declared: boolean): Response {
  const what = declared ? `declares ${size.bytes} bytes` : `passed ${size.limit} bytes while being read`;
  return errorResponse(
    413,
    `413 Payload Too Large: the request body ${what}; ${size.route} takes at most ${size.limit} bytes per request`,
    { Connection: 'close' },
  );
}

function headersOf(req: IncomingMessage, trustProxy: boolean): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (!trustProxy && (name === 'x-forwarded-for' || name === 'x-real-ip')) continue;
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else if (value !== undefined) headers.set(name, value);
  }
  // Handlers cannot see the socket; the client's address travels the way a proxy would pass it.
  if (!headers.has('x-forwarded-for') && req.socket.remoteAddress) headers.set('x-forwarded-for', req.socket.remoteAddress);
  return headers;
}

/** Turns a Node request into a Fetch `Request`, or the error answer when its method or body size is refused. */
async function toRequest(req: IncomingMessage, trustProxy: boolean): Promise<Request | Response> {
  const method = req.method ?? 'GET';
  const url = new URL(req.url ?? '/', `http://${req.headers.host ?? 'localhost'}`);
  if (!METHODS.has(method))
    return errorResponse(405, `405 Method Not Allowed: the reference implementation does not answer ${method}`, {
      Allow: [...METHODS].join(', '),
    });
  const headers = headersOf(req, trustProxy);
  if (method === 'GET' || method === 'HEAD') {
    req.resume();
    return new Request(url, { method, headers });
  }
  const { bytes: limit, route } = bodyLimitFor(url.pathname);
  const declared = Number(req.headers['content-length']);
  if (declared > limit) return tooLarge({ tooLarge: true, bytes: declared, limit, route }, true);
  const body = await readBody(req, limit, route);
  if (isTooLarge(body)) return tooLarge(body, false);
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
  res.writeHead(response.status, hostHeaders(response.status, headers));
  res.end(body);
}

/** Node's headers as the ingestion reads them: `get` by lower-case name. */
const nodeHeaders = (req: IncomingMessage): Pick<Headers, 'get'> => ({
  get: (name) => {
    const value = req.headers[name.toLowerCase()];
    return Array.isArray(value) ? value.join(', ') : (value ?? null);
  },
});

/**
 * The direct ingestion route: a POST to a store or envelope path is answered by `ingest` with the body read
 * under the same limits, and true is returned; anything else returns false for the MSW path.
 */
async function ingestDirectly(
  req: IncomingMessage,
  res: ServerResponse,
  ingest: NonNullable<ReferenceServerOptions['ingest']>,
  trustProxy: boolean,
): Promise<boolean> {
  const target = req.url ?? '/';
  const query = target.indexOf('?');
  const match = INGESTION_PATH.exec(query < 0 ? target : target.slice(0, query));
  if (!match) return false;
  const { bytes: limit, route } = bodyLimitFor(match[0]);
  const declared = Number(req.headers['content-length']);
  if (declared > limit) {
    closeAfter(res, req.socket);
    await send(res, tooLarge({ tooLarge: true, bytes: declared, limit, route }, true));
    return true;
  }
  const forwarded = trustProxy ? nodeHeaders(req).get('x-forwarded-for')?.split(',')[0]?.trim() : undefined;
  let tooBig: TooLarge | undefined;
  const answer = await ingest({
    kind: match[2] as 'envelope' | 'store',
    // As sent: a project id is canonical decimal digits, so an escaped one is simply not found.
    projectId: match[1] as string,
    headers: nodeHeaders(req),
    query: new URLSearchParams(query < 0 ? '' : target.slice(query + 1)),
    contentLength: req.headers['content-length'] ?? null,
    clientAddress: forwarded || req.socket.remoteAddress || '127.0.0.1',
    body: async () => {
      const body = await readBody(req, limit, route);
      if (!isTooLarge(body)) return body;
      tooBig = body;
      return new Uint8Array();
    },
  });
  if (tooBig) {
    closeAfter(res, req.socket);
    await send(res, tooLarge(tooBig, false));
    return true;
  }
  const headers = hostHeaders(answer.status, answer.headers);
  headers['content-length'] = String(Buffer.byteLength(answer.text));
  res.writeHead(answer.status, headers);
  res.end(answer.text);
  return true;
}

/** After a refused body the rest of it is not read: the answer is sent and the connection closed. */
function closeAfter(res: ServerResponse, socket: Socket): void {
  res.once('finish', () => socket.destroySoon());
}

/**
 * Serves MSW handlers over real HTTP. Requests no handler answers get a JSON 404; unknown methods a 405;
 * bodies over their route's limit a 413, decided from `Content-Length` before reading and by counting bytes
 * while reading, after which the connection is closed.
 */
export function createReferenceServer(handlers: HttpHandler[], options: ReferenceServerOptions = {}): Server {
  const trustProxy = options.trustProxy ?? false;
  const requestTimeout = options.requestTimeoutMs ?? 30_000;
  // Stalled requests are looked for every second, so the timeout holds to about a second.
  const timing = { requestTimeout, headersTimeout: Math.min(10_000, requestTimeout), connectionsCheckingInterval: 1000 };
  const server = createServer(timing, async (req, res) => {
    try {
      if (options.ingest && req.method === 'POST' && (await ingestDirectly(req, res, options.ingest, trustProxy))) return;
      const request = await toRequest(req, trustProxy);
      if (request instanceof Response) {
        if (request.headers.get('connection') === 'close') closeAfter(res, req.socket);
        await send(res, request);
        return;
      }
      const response = await getResponse(handlers, request);
      await send(
        res,
        response ??
          errorResponse(
            404,
            `404 Not Found: the reference implementation has no ${request.method} ${new URL(request.url).pathname}`,
          ),
      );
    } catch (error) {
      if (!res.headersSent)
        await send(res, errorResponse(500, `internal error in the reference server: ${(error as Error).message}`));
    }
  });
  // A request that stalls (a body shorter than its Content-Length, headers never finished) gets 408 in bounded time.
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    if (!socket.writable) return;
    const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
    const message = `${status}: the request could not be read as HTTP (${error.code ?? error.message})`;
    const body = JSON.stringify({ message, error: message });
    socket.end(
      `HTTP/1.1 ${status} ${status === 431 ? 'Request Header Fields Too Large' : status === 408 ? 'Request Timeout' : 'Bad Request'}\r\n` +
        `Content-Type: application/json\r\nX-Content-Type-Options: nosniff\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
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
