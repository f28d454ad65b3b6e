/** A reference implementation served over real HTTP on a free port, for tests of the Node host. */
import type { Server } from 'node:http';
import { connect } from 'node:net';
import { INGESTION_BOUNDS } from '../../../src/reference/host/ingestion-bounds.ts';
import { createReference, type Reference, type ReferenceOptions } from '../../../src/reference/reference.ts';
import { createReferenceServer, listen, type ReferenceServerOptions } from '../../../src/reference/server.ts';

/** A running host. */
export interface HttpHost {
  reference: Reference;
  base: string;
  port: number;
  close(): Promise<void>;
}

/**
 * Starts the reference on port 0 with these options and the bounds a network host puts on ingestion, as the
 * real server does; ingestion takes the Node-only direct route, as the real server does, unless
 * `server.ingest` is set to undefined explicitly.
 */
export async function startHost(options: ReferenceOptions = {}, server: ReferenceServerOptions = {}): Promise<HttpHost> {
  const reference = createReference({
    ...options,
    analytics: { ...INGESTION_BOUNDS.analytics, ...options.analytics },
    errors: { ...INGESTION_BOUNDS.errors, ...options.errors },
  });
  const http: Server = createReferenceServer(reference.handlers, {
    ...('ingest' in server ? {} : { ingest: reference.errors.answerIngestion }),
    ...server,
  });
  const base = await listen(http, 0);
  return {
    reference,
    base,
    port: Number(new URL(base).port),
    close: () =>
      new Promise((resolve) => {
        http.closeAllConnections();
        http.close(() => resolve());
      }),
  };
}

/** What came back on a raw socket: the status line's code, the text read, and whether the server closed it. */
export interface RawAnswer {
  status: number;
  text: string;
  closedByServer: boolean;
}

/**
 * Writes `head` and then `chunks` (each after the previous was flushed) on a raw TCP connection, and reads
 * until the server closes it or `waitMs` passes. For what `fetch` cannot send: a lying `Content-Length`, an
 * endless chunked body.
 */
export function rawExchange(port: number, head: string, chunks: Iterable<Buffer> = [], waitMs = 5000): Promise<RawAnswer> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let text = '';
    let closed = false;
    const finish = (closedByServer: boolean) => {
      if (closed) return;
      closed = true;
      clearTimeout(timer);
      socket.destroy();
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0), text, closedByServer });
    };
    const timer = setTimeout(() => finish(false), waitMs);
    socket.on('data', (data) => {
      text += data.toString('latin1');
    });
    socket.on('end', () => finish(true));
    socket.on('close', () => finish(true));
    socket.on('error', () => finish(true));
    socket.write(head, async () => {
      for (const chunk of chunks) {
        if (closed || socket.destroyed) return;
        const ok = socket.write(chunk);
        if (!ok) await new Promise((go) => socket.once('drain', go));
      }
    });
  });
}
