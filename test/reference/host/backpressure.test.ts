/**
 * Backpressure over real HTTP: 20 clients each pipeline 20 requests for large answers and never read them.
 * The server works on one request per connection at a time and stops reading a connection whose answers pile
 * up, so it computes a handful of answers per connection (as many as the sockets' buffers take), keeps its
 * memory bounded, and a normal client is still answered within a second. A client pipelining past the cap
 * without reading is cut off.
 */
import type { Socket } from 'node:net';
import { connect } from 'node:net';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { http } from 'msw';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_WAITING } from '../../../src/reference/host/connection-queue.ts';
import { createReference } from '../../../src/reference/reference.ts';
import { createReferenceServer, listen } from '../../../src/reference/server.ts';

const KEYS = '/api/v4/projects/1/error_tracking/client_keys';
const CLIENTS = 20;
const PIPELINED = 20;

let base: string;
let port: number;
let close: () => Promise<void>;
let handled = 0;
let answerBytes = 0;

beforeAll(async () => {
  const reference = createReference();
  // Many keys, so listing them is a large answer (about 1.4 MB) that is cheap to compute.
  for (let id = 1; id <= 8_000; id++)
    reference.errors.state.keys.add({ id, projectId: 1, active: true, publicKey: id.toString(16).padStart(32, '0') });
  // Counts the requests the server starts working on, then lets the real handler answer.
  const counting = http.all('*', () => {
    handled += 1;
    return undefined;
  });
  const server = createReferenceServer([counting, ...reference.handlers]);
  base = await listen(server, 0);
  port = Number(new URL(base).port);
  answerBytes = (await (await fetch(`${base}${KEYS}`, { headers: { 'PRIVATE-TOKEN': 'demo-maintainer-token' } })).arrayBuffer())
    .byteLength;
  close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
});
afterAll(() => close());

/** A client that writes requests and never reads: its socket is paused, so the answers stay in the kernel. */
function nonReading(requests: string): Promise<Socket> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.pause();
      socket.write(requests, () => resolve(socket));
    });
    socket.on('error', () => {});
  });
}

// What the server holds, not garbage it has yet to collect: measured after a full collection.
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;
const memory = () => {
  collectGarbage();
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return heapUsed + arrayBuffers;
};

describe('clients that pipeline and never read', () => {
  it(`do not take the memory or the time of the others: ${CLIENTS} of them, ${PIPELINED} large requests each`, async () => {
    expect(answerBytes).toBeGreaterThan(1_000_000);
    const request = `GET ${KEYS} HTTP/1.1\r\nHost: 127.0.0.1\r\nPRIVATE-TOKEN: demo-maintainer-token\r\n\r\n`;
    handled = 0;
    const before = memory();
    const sockets = await Promise.all(Array.from({ length: CLIENTS }, () => nonReading(request.repeat(PIPELINED))));
    const started = performance.now();
    const normal = await fetch(`${base}/api/v4/projects/1/error_tracking/settings`, {
      headers: { 'PRIVATE-TOKEN': 'demo-maintainer-token' },
    });
    const took = performance.now() - started;
    expect(normal.status).toBe(200);
    expect(took).toBeLessThan(1000);
    // A second normal request, answered after whatever the server had queued before it; then what it holds.
    expect((await fetch(`${base}/-/readiness`)).status).toBe(200);
    const held = memory() - before;
    const computed = handled - 1;
    console.log(
      `backpressure: ${computed} of ${CLIENTS * PIPELINED} answers computed (${(answerBytes / 1e6).toFixed(1)} MB each), ` +
        `memory grew ${(held / 1e6).toFixed(0)} MB, a normal request answered in ${took.toFixed(0)} ms`,
    );
    // The sockets' buffers take a few answers per connection; without backpressure all 400 are computed and held.
    expect(computed).toBeLessThan((CLIENTS * PIPELINED) / 2);
    expect(held).toBeLessThan((CLIENTS * PIPELINED * answerBytes) / 4);
    for (const socket of sockets) socket.destroy();
  }, 60_000);

  it(`cuts off a connection that has more than ${MAX_WAITING} requests waiting`, async () => {
    const tiny = 'GET /-/readiness HTTP/1.1\r\nHost: a\r\n\r\n';
    const socket = await nonReading(tiny.repeat(MAX_WAITING * 3));
    // Read now, to see the connection end: the answers it got stop well short of the requests sent.
    let answers = 0;
    socket.on('data', (chunk: Buffer) => {
      answers += chunk.toString('latin1').split('HTTP/1.1 200').length - 1;
    });
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    socket.resume();
    await closed;
    expect(answers).toBeLessThan(MAX_WAITING * 2);
  });
});
