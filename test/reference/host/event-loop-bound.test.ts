/**
 * No single request holds the local server's event loop for more than {@link BLOCK_MS}: the largest request
 * of each kind the server accepts (an envelope of the most events, one of the most session aggregates with
 * the longest release, a compressed body that decompresses to the most bytes, the largest collector batch),
 * sent over real HTTP to a server on a data directory. What is measured is the main thread's CPU time between
 * two ticks of a timer that runs every millisecond (`process.threadCpuUsage`): the longest such gap is the
 * longest turn of the loop, and unlike wall time it does not grow when the machine is busy with other work.
 * Requests past these sizes are refused with 413 before the work (`bounds.test.ts`).
 */
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYLOAD_DATA_SCHEMA } from '../../../src/reference/analytics/collector/tp2-payload.ts';
import { MAX_BODY_BYTES, MAX_ENVELOPE_EVENTS, MAX_SESSION_UPDATES } from '../../../src/reference/errors/ingestion-limits.ts';
import type { RunningServer } from '../../../src/reference/start-server.ts';
import { scratchDir, startDurable } from './durable-host.ts';

const BLOCK_MS = 100;

let server: RunningServer;
let remove: () => void;
let key = '';
beforeAll(async () => {
  let dir: string;
  ({ dir, remove } = scratchDir('sunset-loop-'));
  server = await startDurable(dir);
  const created = await fetch(`${server.url}/api/v4/projects/1/error_tracking/client_keys`, {
    method: 'POST',
    headers: { 'PRIVATE-TOKEN': 'demo-maintainer-token' },
  });
  key = ((await created.json()) as { public_key: string }).public_key;
  // One request of each kind first, so what is measured below is the work of a request, not of loading code.
  await post('/api/v4/error_tracking/collector/api/1/envelope/', envelope([event(0, 10)]));
});
afterAll(async () => {
  await server.close();
  remove();
});

async function post(path: string, body: Uint8Array<ArrayBuffer>, headers: Record<string, string> = {}): Promise<number> {
  const response = await fetch(`${server.url}${path}${path.includes('collector/api') ? `?sentry_key=${key}` : ''}`, {
    method: 'POST',
    headers,
    body,
  });
  await response.arrayBuffer();
  return response.status;
}

/** The main thread's CPU time so far, in milliseconds. */
const threadMs = (): number => {
  const used = process.threadCpuUsage();
  return (used.user + used.system) / 1000;
};

/** The longest turn of the event loop while one request is sent and answered, in CPU milliseconds, and its status. */
async function cpuOf(send: () => Promise<number>): Promise<{ ms: number; status: number }> {
  let last = threadMs();
  let longest = 0;
  const ticker = setInterval(() => {
    const now = threadMs();
    longest = Math.max(longest, now - last);
    last = now;
  }, 1);
  try {
    const status = await send();
    longest = Math.max(longest, threadMs() - last);
    return { ms: longest, status };
  } finally {
    clearInterval(ticker);
  }
}

const event = (index: number, size: number) =>
  JSON.stringify({
    message: `${index} ${'m'.repeat(size)}`,
    release: 'r'.repeat(size),
    exception: { values: [{ type: `LoopError${index}`, value: 'v'.repeat(size) }] },
  });
const envelope = (events: string[]) =>
  new TextEncoder().encode(`{}\n${events.map((json) => `{"type":"event"}\n${json}\n`).join('')}`);

describe(`one request holds the event loop for at most ${BLOCK_MS} ms`, () => {
  it('an envelope of the most events, each with long fields, just under the body limit', async () => {
    const size = Math.floor(MAX_BODY_BYTES / MAX_ENVELOPE_EVENTS / 3) - 100;
    const body = envelope(Array.from({ length: MAX_ENVELOPE_EVENTS }, (_, index) => event(index, size)));
    expect(body.length).toBeLessThanOrEqual(MAX_BODY_BYTES);
    const { ms, status } = await cpuOf(() => post('/api/v4/error_tracking/collector/api/1/envelope/', body));
    expect(status).toBe(200);
    console.log(`longest turn ${ms.toFixed(1)} ms`);
    expect(ms).toBeLessThan(BLOCK_MS);
  });

  it('the most session aggregates, with the longest release that fits the body', async () => {
    const rows = JSON.stringify(Array.from({ length: MAX_SESSION_UPDATES }, () => ({ exited: 1 })));
    const release = 'r'.repeat(MAX_BODY_BYTES - rows.length - 200);
    const body = new TextEncoder().encode(`{}\n{"type":"sessions"}\n{"aggregates":${rows},"attrs":{"release":"${release}"}}\n`);
    expect(body.length).toBeLessThanOrEqual(MAX_BODY_BYTES);
    const { ms, status } = await cpuOf(() => post('/api/v4/error_tracking/collector/api/1/envelope/', body));
    expect(status).toBe(200);
    console.log(`longest turn ${ms.toFixed(1)} ms`);
    expect(ms).toBeLessThan(BLOCK_MS);
  });

  it('a compressed envelope that decompresses to the most bytes it may', async () => {
    // Text of two letters at random compresses about eightfold: within the ratio a compressed body may inflate by.
    const noise = (size: number) => Array.from({ length: size }, () => (Math.random() < 0.5 ? 'a' : 'b')).join('');
    const events = Array.from({ length: MAX_ENVELOPE_EVENTS }, (_, index) =>
      JSON.stringify({
        message: noise(13_000),
        release: noise(300),
        exception: { values: [{ type: `Gz${index}`, value: noise(13_000) }] },
      }),
    );
    const plain = envelope(events);
    const body = new Uint8Array(gzipSync(plain));
    expect(plain.length).toBeGreaterThan(2.5 * 1024 * 1024);
    expect(body.length).toBeLessThanOrEqual(MAX_BODY_BYTES);
    const { ms, status } = await cpuOf(() =>
      post('/api/v4/error_tracking/collector/api/1/envelope/', body, { 'Content-Encoding': 'gzip' }),
    );
    expect(status).toBe(200);
    console.log(`longest turn ${ms.toFixed(1)} ms`);
    expect(ms).toBeLessThan(BLOCK_MS);
  });

  it('the largest collector batch the collector keeps', async () => {
    const data = Array.from({ length: 300 }, (_, index) => ({
      e: 'pv',
      aid: 'demo-app',
      url: `https://shop.example.com/${index}/${'p'.repeat(2900)}`,
    }));
    const body = new TextEncoder().encode(JSON.stringify({ schema: PAYLOAD_DATA_SCHEMA, data }));
    const { ms, status } = await cpuOf(() => post('/com.snowplowanalytics.snowplow/tp2', body));
    expect(status).toBe(200);
    console.log(`longest turn ${ms.toFixed(1)} ms`);
    expect(ms).toBeLessThan(BLOCK_MS);
  });
});
