/**
 * The client side of `bench:ingest`'s HTTP paths: starts `ingest-http-server.ts` in its own process and sends
 * requests to it over keep-alive loopback connections. The client writes each request's bytes, serialized
 * once before timing, straight to a socket and reads only the status line and `Content-Length` of the
 * answer, as load generators such as wrk do, so the figures are the server's and not a client library's.
 */
import { spawn } from 'node:child_process';
import { connect, type Socket } from 'node:net';
import path from 'node:path';
import { createInterface } from 'node:readline';

/**
 * How the server answers ingestion: the direct route, MSW, the bare peer, the parse-only peer, the route
 * without ingestion, or the direct route of a server on a data directory (`--data-dir`).
 */
export type HttpRoute = 'direct' | 'msw' | 'bare' | 'parse' | 'host' | 'data-dir';

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
  /** The CPU time the server process has used so far (user and system), in microseconds. */
  cpu(): Promise<number>;
  stop(): void;
}

/** Starts the bench server with the route and the client key the requests use. */
export async function startHttpServer(route: HttpRoute, publicKey: string): Promise<HttpServer> {
  const script = path.join(import.meta.dirname, 'ingest-http-server.ts');
  // `BENCH_SERVER_FLAGS` passes Node flags to the server process only, e.g. `--cpu-prof --cpu-prof-dir=DIR`.
  const flags = process.env.BENCH_SERVER_FLAGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...flags, script, '--route', route, '--key', publicKey], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
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
    cpu: async () => {
      child.stdin.write('cpu\n');
      return Number(await next());
    },
    // Closing stdin lets the server exit on its own (so `BENCH_SERVER_FLAGS=--cpu-prof` can write a profile).
    stop: () => {
      child.stdin.end();
      setTimeout(() => child.kill(), 5000).unref();
    },
  };
}

/** Sends one request and resolves its status; `batch` sends many over the clients, timing each. */
export type BatchSend<T extends HttpRequestLike> = ((request: T) => Promise<number>) & {
  batch(requests: T[], durations: Float64Array, offset: number): Promise<void>;
};

/** A request's bytes on the wire: request line, headers with `Content-Length`, body. */
const wireBytes = new WeakMap<HttpRequestLike, Buffer>();
function onTheWire(request: HttpRequestLike, host: string): Buffer {
  let bytes = wireBytes.get(request);
  if (!bytes) {
    const headers = Object.entries(request.headers)
      .filter(([name]) => name.toLowerCase() !== 'content-length')
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    const head = `POST ${request.path} HTTP/1.1\r\nHost: ${host}\r\n${headers}Content-Length: ${request.body.length}\r\n\r\n`;
    bytes = Buffer.concat([Buffer.from(head, 'latin1'), request.body]);
    wireBytes.set(request, bytes);
  }
  return bytes;
}

/** Serializes every request before timing starts, so the timed loop only writes and reads. */
export function serializeAll(requests: HttpRequestLike[], server: HttpServer): void {
  for (const request of requests) onTheWire(request, server.url.host);
}

/**
 * One keep-alive connection that sends a request at a time and resolves each answer's status once its
 * whole body has arrived. Answers carry `Content-Length` (the reference never chunks); anything else fails.
 */
class Connection {
  private pending: Buffer = Buffer.alloc(0);
  private waiting?: { resolve: (status: number) => void; reject: (error: Error) => void };
  private readonly socket: Socket;

  constructor(server: HttpServer) {
    this.socket = connect(Number(server.url.port), server.url.hostname);
    this.socket.setNoDelay(true);
    this.socket.on('data', (chunk: Buffer) => this.read(chunk));
    this.socket.on('error', (error) => this.waiting?.reject(error));
    this.socket.on('close', () => this.waiting?.reject(new Error('the server closed the connection')));
  }

  send(bytes: Buffer): Promise<number> {
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
      this.socket.write(bytes);
    });
  }

  close(): void {
    this.socket.end();
  }

  private read(chunk: Buffer): void {
    this.pending = this.pending.length === 0 ? chunk : Buffer.concat([this.pending, chunk]);
    const headEnd = this.pending.indexOf('\r\n\r\n');
    if (headEnd < 0) return;
    const head = this.pending.toString('latin1', 0, headEnd);
    const length = /\r\ncontent-length:\s*(\d+)/i.exec(head);
    if (!length) {
      this.waiting?.reject(new Error(`an answer without Content-Length: ${head.split('\r\n')[0]}`));
      return;
    }
    const end = headEnd + 4 + Number(length[1]);
    if (this.pending.length < end) return;
    this.pending = this.pending.subarray(end);
    const waiting = this.waiting;
    this.waiting = undefined;
    waiting?.resolve(Number(head.slice(9, 12)));
  }
}

/** Sends over HTTP with `clients` keep-alive connections, each one request at a time, as SDKs in many apps do. */
export function viaHttp<T extends HttpRequestLike>(server: HttpServer, clients: number): BatchSend<T> {
  const host = server.url.host;
  const send = (async (request: T) => {
    const connection = new Connection(server);
    try {
      return await connection.send(onTheWire(request, host));
    } finally {
      connection.close();
    }
  }) as BatchSend<T>;
  send.batch = async (requests, durations, offset) => {
    let next = 0;
    const client = async () => {
      const connection = new Connection(server);
      try {
        while (next < requests.length) {
          const index = next++;
          const request = requests[index] as T;
          const bytes = onTheWire(request, host);
          const before = performance.now();
          const status = await connection.send(bytes);
          durations[offset + index] = performance.now() - before;
          if (status !== 200) throw new Error(`request ${offset + index} (${request.path}) answered ${status}`);
        }
      } finally {
        connection.close();
      }
    };
    await Promise.all(Array.from({ length: clients }, client));
  };
  return send;
}
