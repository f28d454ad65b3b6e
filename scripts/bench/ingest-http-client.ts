/**
 * The client side of `bench:ingest`'s HTTP paths: starts `ingest-http-server.ts` in its own process and sends
 * requests to it over keep-alive loopback connections.
 */
import { spawn } from 'node:child_process';
import { Agent, request as httpRequest } from 'node:http';
import path from 'node:path';
import { createInterface } from 'node:readline';

/** How the server answers ingestion: the direct route, MSW, or the bare peer. */
export type HttpRoute = 'direct' | 'msw' | 'bare';

/** A request as the bench prepared it. */
export interface HttpRequestLike {
  path: string;
  headers: Record<string, string>;
  body: Uint8Array;
}

/** A local server in its own process, and how to ask it how many events it stored. */
export interface HttpServer {
  url: URL;
  stored(): Promise<number>;
  stop(): void;
}

/** Starts the bench server with the route and the client key the requests use. */
export async function startHttpServer(route: HttpRoute, publicKey: string): Promise<HttpServer> {
  const script = path.join(import.meta.dirname, 'ingest-http-server.ts');
  const child = spawn(process.execPath, [script, '--route', route, '--key', publicKey], { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const next = async () => {
    const line = await lines.next();
    if (line.done) throw new Error('the bench server stopped');
    return line.value;
  };
  const url = new URL(await next());
  return {
    url,
    stored: async () => {
      child.stdin.write('count\n');
      return Number(await next());
    },
    stop: () => child.kill(),
  };
}

/** Sends one request and resolves its status; `batch` sends many over the clients, timing each. */
export type BatchSend<T extends HttpRequestLike> = ((request: T) => Promise<number>) & {
  batch(requests: T[], durations: Float64Array, offset: number): Promise<void>;
};

/** Sends over HTTP with `clients` keep-alive connections, each one request at a time, as SDKs in many apps do. */
export function viaHttp<T extends HttpRequestLike>(server: HttpServer, clients: number): BatchSend<T> {
  const agent = new Agent({ keepAlive: true, maxSockets: clients });
  const one = (request: T) =>
    new Promise<number>((resolve, reject) => {
      const sent = httpRequest(
        {
          agent,
          host: server.url.hostname,
          port: server.url.port,
          method: 'POST',
          path: request.path,
          headers: { ...request.headers, 'content-length': request.body.length },
        },
        (response) => {
          response.resume();
          response.once('end', () => resolve(response.statusCode ?? 0));
        },
      );
      sent.once('error', reject);
      sent.end(request.body);
    });
  const send = one as BatchSend<T>;
  send.batch = async (requests, durations, offset) => {
    let next = 0;
    const client = async () => {
      while (next < requests.length) {
        const index = next++;
        const request = requests[index] as T;
        const before = performance.now();
        const status = await one(request);
        durations[offset + index] = performance.now() - before;
        if (status !== 200) throw new Error(`request ${offset + index} (${request.path}) answered ${status}`);
      }
    };
    await Promise.all(Array.from({ length: clients }, client));
  };
  return send;
}
