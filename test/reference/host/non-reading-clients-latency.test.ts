/**
 * A normal client's latency while 40 clients each pipeline 40 requests for large answers (about 1.4 MB each)
 * and never read them. A connection's requests run one at a time and its reading pauses once they pile up
 * (`connection-queue.ts`), so each such client has a few answers computed (what its socket's buffers take) and
 * the normal client's 99th percentile over 100 requests stays under 500 ms. The figures are printed, with the
 * slowest request: the one that arrives behind the other clients' first requests waits for all of them.
 */
import type { Socket } from 'node:net';
import { connect } from 'node:net';
import { http } from 'msw';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReference } from '../../../src/reference/reference.ts';
import { createReferenceServer, listen } from '../../../src/reference/server.ts';

const KEYS = '/api/v4/projects/1/error_tracking/client_keys';
const CLIENTS = 40;
const PIPELINED = 40;
/** Requests the normal client sends one after the other while the others hold their answers. */
const SAMPLES = 100;

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

describe('a normal client among clients that never read', () => {
  it(`keeps its p99 under 500 ms with ${CLIENTS} non-reading clients × ${PIPELINED} large answers`, async () => {
    expect(answerBytes).toBeGreaterThan(1_000_000);
    const request = `GET ${KEYS} HTTP/1.1\r\nHost: 127.0.0.1\r\nPRIVATE-TOKEN: demo-maintainer-token\r\n\r\n`;
    handled = 0;
    const sockets = await Promise.all(Array.from({ length: CLIENTS }, () => nonReading(request.repeat(PIPELINED))));
    const took: number[] = [];
    for (let sample = 0; sample < SAMPLES; sample++) {
      const started = performance.now();
      const normal = await fetch(`${base}/api/v4/projects/1/error_tracking/settings`, {
        headers: { 'PRIVATE-TOKEN': 'demo-maintainer-token' },
      });
      expect(normal.status).toBe(200);
      await normal.arrayBuffer();
      took.push(performance.now() - started);
    }
    const first = took[0] as number;
    took.sort((a, b) => a - b);
    const p50 = took[Math.floor(SAMPLES * 0.5)] as number;
    const p99 = took[Math.ceil(SAMPLES * 0.99) - 1] as number;
    const computed = handled - SAMPLES;
    console.log(
      `${CLIENTS} non-reading clients × ${PIPELINED} answers of ${(answerBytes / 1e6).toFixed(1)} MB: ${computed} computed; ` +
        `normal client p50 ${p50.toFixed(0)} ms, p99 ${p99.toFixed(0)} ms, first ${first.toFixed(0)} ms, slowest ${(took.at(-1) as number).toFixed(0)} ms`,
    );
    // Without the per-connection queue every one of the 1,600 answers is computed and held.
    expect(computed).toBeLessThan((CLIENTS * PIPELINED) / 4);
    expect(p99).toBeLessThan(500);
    for (const socket of sockets) socket.destroy();
  }, 60_000);
});
