import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getResponse, type HttpHandler } from 'msw';
import { errorResponse } from './platform/api-error.ts';

/** Turns a Node request into a Fetch `Request`, keeping the address it came in on (for DSNs). */
async function toRequest(req: IncomingMessage): Promise<Request> {
  const host = req.headers.host ?? 'localhost';
  const url = new URL(req.url ?? '/', `http://${host}`);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else if (value !== undefined) headers.set(name, value);
  }
  // Handlers cannot see the socket; the client's address travels the way a proxy would pass it.
  if (!headers.has('x-forwarded-for') && req.socket.remoteAddress) headers.set('x-forwarded-for', req.socket.remoteAddress);
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const body = chunks.length > 0 && req.method !== 'GET' && req.method !== 'HEAD' ? Buffer.concat(chunks) : undefined;
  return new Request(url, { method: req.method, headers, body });
}

async function send(res: ServerResponse, response: Response): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  const setCookie = response.headers.getSetCookie();
  if (setCookie.length > 0) headers['set-cookie'] = setCookie;
  res.writeHead(response.status, headers);
  res.end(Buffer.from(await response.arrayBuffer()));
}

/** Serves MSW handlers over real HTTP. Requests no handler answers get a JSON 404. */
export function createReferenceServer(handlers: HttpHandler[]): Server {
  return createServer(async (req, res) => {
    try {
      const request = await toRequest(req);
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
      await send(res, errorResponse(500, `internal error in the reference server: ${(error as Error).message}`));
    }
  });
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
