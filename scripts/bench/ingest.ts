/**
 * `npm run bench:ingest`: sends 100,000 SDK-shaped requests (Go, Java, NodeJS, PHP, Python, Ruby and Rust
 * shapes; the Python ones gzip-compressed, some others deflate) through the error-tracking ingestion in
 * one process, and prints events per second and the p99 time per request for each path:
 *
 * - `handlers`: a Fetch `Request` through MSW's `getResponse` over all reference handlers, as in the
 *   browser and in Node tests;
 * - `direct`: the `ingest` function the handlers call, given headers and query already parsed (as a
 *   host has them), without building a `Request`;
 *
 * each with the portable `DecompressionStream` and with `node:zlib`; and over real HTTP:
 *
 * - `http-direct`: the local server in its own process on loopback, ingestion on the Node host's direct
 *   route (as `npm run reference` serves it), `node:zlib`; the requests sent by `--clients` keep-alive
 *   connections (16 by default), each one request at a time;
 * - `http-msw`: the same server with ingestion through MSW, for comparison;
 * - `http-bare`: the peer of the HTTP paths, a bare Node HTTP server that reads each body and answers 200,
 *   same process layout and clients: what HTTP alone costs on this machine right now. `http-direct` and
 *   `http-msw` each run beside a bare server of their own, the same requests sent to each in turns, and print
 *   both servers' CPU time per request and its ratio (goal: at most 2×): the CPU of a server's one thread
 *   bounds its rate whatever the client and the machine's other load cost;
 * - `http-parse`: a bare server that also decompresses and parses each body, run beside a bare one the same
 *   way: the least CPU any ingestion over HTTP takes here, to read the direct route's ratio against;
 * - `http-host`: the local server's direct route with an ingestion that only reads the body and answers 200 as
 *   ingestion does, beside a bare one: what the host itself adds (routing, limits, backpressure, timeouts,
 *   headers). With `http-parse` it splits the direct route's CPU into HTTP, host, parsing and ingestion.
 *
 * - `http-data-dir`: the direct route of a server on a data directory (`--data-dir`, in the system's temporary
 *   folder), every request committed to SQLite before its answer.
 *
 * `http-direct` and `http-data-dir` run beside the parse-only server instead of the bare one, and print their
 * CPU per request against it (goals: the direct route within 1.5×, the data-directory route within 2.5×).
 *
 * The floor is the same bodies, before compression, only decoded from UTF-8, split into lines and
 * `JSON.parse`d, timed interleaved with each path; the ratio is the path's time over the floor's (for the
 * HTTP paths the floor runs in this process while the server runs in its own, so the ratio is wall time of
 * the same requests). Options: `--count N` (default 100000), `--clients N` and `--paths http-direct,…`.
 */

import { parseArgs } from 'node:util';
import { deflateSync, gzipSync } from 'node:zlib';
import { getResponse } from 'msw';
import type { Decompressor } from '../../src/reference/errors/body-decoding.ts';
import type { IngestRequest } from '../../src/reference/errors/ingest.ts';
import { SDK_SAMPLES } from '../../src/reference/errors/sdk-samples.ts';
import { zlibDecompressor } from '../../src/reference/errors/zlib-decompressor.ts';
import { createReference, type Reference } from '../../src/reference/reference.ts';
import { type BatchSend, type HttpRoute, serializeAll, startHttpServer, viaHttp } from './ingest-http-client.ts';
import { measurePaired } from './ingest-http-paired.ts';

const { values } = parseArgs({
  options: {
    count: { type: 'string', default: '100000' },
    paths: {
      type: 'string',
      default:
        'handlers-stream,handlers-zlib,direct-stream,direct-zlib,http-bare,http-parse,http-host,http-direct,http-msw,http-data-dir',
    },
    clients: { type: 'string', default: '16' },
  },
});
const COUNT = Number(values.count);
const CLIENTS = Number(values.clients);
const PUBLIC_KEY = '0123456789abcdef0123456789abcdef';
const BASE = 'http://localhost:8787';
const DSN = `http://${PUBLIC_KEY}@localhost:8787/api/v4/error_tracking/collector/1`;

interface Prepared {
  path: string;
  kind: IngestRequest['kind'];
  headers: Record<string, string>;
  query: string;
  /** The same headers and query as a host hands them to `ingest()`, built once outside the timing. */
  parsed: { headers: Headers; query: URLSearchParams };
  /** As sent (maybe compressed). */
  body: Uint8Array;
  /** The body before compression, for the parse-only floor. */
  plain: Uint8Array;
}

/** Requests whose occurrences arrive in time order, 10 ms apart, the last 10 ms before `endsAt`. */
function prepare(count: number, endsAt: number): Prepared[] {
  const encoder = new TextEncoder();
  return Array.from({ length: count }, (_, index) => {
    const sample = SDK_SAMPLES[index % SDK_SAMPLES.length];
    if (!sample) throw new Error('no SDK samples');
    const built = sample.build({ publicKey: PUBLIC_KEY, dsn: DSN, at: endsAt - (count - index) * 10, variant: index });
    const headers = { ...built.headers };
    const plain = encoder.encode(built.body);
    let body: Uint8Array = plain;
    if (built.gzip) body = gzipSync(built.body);
    else if (index % 50 === 3) {
      body = deflateSync(built.body);
      headers['content-encoding'] = 'deflate';
    }
    const path = `/api/v4/error_tracking/collector/api/1/${built.kind}/${built.query ? `?${built.query}` : ''}`;
    return {
      path,
      kind: built.kind,
      headers,
      query: built.query,
      parsed: { headers: new Headers(headers), query: new URLSearchParams(built.query) },
      body,
      plain,
    };
  });
}

function freshReference(decompress: Decompressor | undefined): Reference {
  const reference = createReference({ errors: decompress ? { decompress } : {} });
  reference.errors.state.keys.add({ id: 1, projectId: 1, active: true, publicKey: PUBLIC_KEY });
  return reference;
}

type Send = (request: Prepared) => Promise<number>;

const viaHandlers =
  (reference: Reference): Send =>
  async (request) => {
    const response = await getResponse(
      reference.handlers,
      new Request(`${BASE}${request.path}`, { method: 'POST', headers: request.headers, body: request.body as BodyInit }),
    );
    await response?.arrayBuffer();
    return response?.status ?? 0;
  };

const direct =
  (reference: Reference): Send =>
  async (request) =>
    (
      await reference.errors.ingest({
        kind: request.kind,
        projectId: '1',
        headers: request.parsed.headers,
        query: request.parsed.query,
        body: request.body,
        clientAddress: '127.0.0.1',
      })
    ).status;

interface Timing {
  seconds: number;
  p99: number;
}

const summarize = (ms: number, durations: Float64Array): Timing => {
  durations.sort();
  return { seconds: ms / 1000, p99: durations[Math.floor(durations.length * 0.99)] ?? 0 };
};

/** Sends requests one after the other, recording each one's time. */
async function sendAll(requests: Prepared[], send: Send, durations: Float64Array, offset: number): Promise<void> {
  const batch = (send as Partial<BatchSend<Prepared>>).batch;
  if (batch) return batch(requests, durations, offset);
  for (const [index, request] of requests.entries()) {
    const before = performance.now();
    const status = await send(request);
    durations[offset + index] = performance.now() - before;
    if (status !== 200) throw new Error(`request ${offset + index} (${request.path}) answered ${status}`);
  }
}

const decoder = new TextDecoder();
let sink = 0;

/** The floor: decode each body from UTF-8, split it into lines and parse each, nothing else. */
function parseAll(requests: Prepared[], durations: Float64Array, offset: number): void {
  for (const [index, request] of requests.entries()) {
    const before = performance.now();
    for (const line of decoder.decode(request.plain).split('\n')) if (line) sink += Object.keys(JSON.parse(line)).length;
    durations[offset + index] = performance.now() - before;
  }
}

/**
 * Times a path and the floor over the same requests, interleaved in chunks of 1,000 so both see the
 * same machine load (other processes come and go); the ratio compares like with like.
 */
async function measure(requests: Prepared[], send: Send): Promise<{ path: Timing; floor: Timing }> {
  const pathDurations = new Float64Array(requests.length);
  const floorDurations = new Float64Array(requests.length);
  let pathMs = 0;
  let floorMs = 0;
  for (let start = 0; start < requests.length; start += 1000) {
    const chunk = requests.slice(start, start + 1000);
    let before = performance.now();
    parseAll(chunk, floorDurations, start);
    floorMs += performance.now() - before;
    before = performance.now();
    await sendAll(chunk, send, pathDurations, start);
    pathMs += performance.now() - before;
  }
  return { path: summarize(pathMs, pathDurations), floor: summarize(floorMs, floorDurations) };
}

const DECOMPRESSORS = { stream: ['DecompressionStream', undefined], zlib: ['node:zlib', zlibDecompressor] } as const;
const SENDERS = { handlers: ['handlers (MSW getResponse)', viaHandlers], direct: ['direct ingest()', direct] } as const;

/** A path by name, `<handlers|direct>-<stream|zlib>`. */
function pathOf(name: string) {
  const [via, decompression] = name.split('-') as [keyof typeof SENDERS, keyof typeof DECOMPRESSORS];
  const sender = SENDERS[via];
  const decompressor = DECOMPRESSORS[decompression];
  if (!sender || !decompressor)
    throw new Error(
      `unknown path "${name}"; use handlers-stream, handlers-zlib, direct-stream, direct-zlib, http-bare, http-parse, http-host, http-direct, http-msw`,
    );
  return { label: `${sender[0]}, ${decompressor[0]}`, fresh: () => freshReference(decompressor[1]), sender: sender[1] };
}

// The timed requests end now, all inside the last day; the warm-up requests (see `runHttp`) come just before them.
const NOW = Date.now();
const requests = prepare(COUNT, NOW);
const compressed = requests.filter(
  (request) => request.headers['content-encoding'] && request.headers['content-encoding'] !== '',
);
console.log(
  `${COUNT} requests (${SDK_SAMPLES.map((sample) => sample.sdk).join(', ')} shapes; ${compressed.length} compressed), one event each`,
);
const rate = (timing: Timing) => Math.round(COUNT / timing.seconds);
const p99 = (timing: Timing) => `${(timing.p99 * 1000).toFixed(1)} µs`;

const HTTP_LABELS: Record<HttpRoute, string> = {
  direct: 'direct ingestion route, node:zlib',
  msw: 'ingestion through MSW, node:zlib',
  bare: 'bare Node server answering 200 (the HTTP peer)',
  parse: 'bare Node server that also decompresses and parses each body (what any ingestion must do)',
  host: "the local server's direct route, ingestion replaced by reading the body (what the host adds)",
  'data-dir': 'direct ingestion route on a --data-dir (each request committed to SQLite before its answer), node:zlib',
};

/**
 * Routes read against the parse-only peer (what any ingestion over HTTP must do), with their goals: the direct
 * route within 1.5× its CPU per request, the data-directory route within 2.5×.
 */
const PARSE_GOALS: Partial<Record<HttpRoute, number>> = { direct: 1.5, 'data-dir': 2.5 };

/**
 * Runs an HTTP path. The bare peer alone: its rate and CPU per request. Any other route: side by side with a
 * bare peer of its own, the same requests sent to each in turns (`ingest-http-paired.ts`), and both servers'
 * CPU per request printed with their ratio — the HTTP goal is the route within 2× the bare server's CPU.
 */
async function runHttp(route: HttpRoute): Promise<void> {
  // Requests of their own (other event ids): ingestion keeps an event id once, so the timed requests must be new.
  // Their occurrences come before the timed ones, so every occurrence arrives in time order, as an SDK sends them
  // (timed ones older than those already kept would each be inserted before them, a cost steady traffic does not have).
  const warm = prepare(Math.min(5000, COUNT), NOW - COUNT * 10);
  if (route === 'bare') {
    const server = await startHttpServer(route, PUBLIC_KEY);
    serializeAll([...warm, ...requests], server);
    await measure(warm, viaHttp(server, CLIENTS));
    const cpuBefore = await server.cpu();
    const { path: timing, floor } = await measure(requests, viaHttp(server, CLIENTS));
    const cpu = (await server.cpu()) - cpuBefore;
    server.stop();
    report(`HTTP on loopback, ${HTTP_LABELS[route]}, ${CLIENTS} keep-alive clients`, timing, floor);
    printCpu(cpu / COUNT);
    return;
  }
  const floorDurations = new Float64Array(requests.length);
  let floorMs = 0;
  const goal = PARSE_GOALS[route];
  const paired = await measurePaired(
    route,
    PUBLIC_KEY,
    warm,
    requests,
    CLIENTS,
    (chunk, at) => {
      const before = performance.now();
      parseAll(chunk, floorDurations, at);
      floorMs += performance.now() - before;
    },
    goal === undefined ? 'bare' : 'parse',
  );
  const timing = { seconds: COUNT / paired.route.rate, p99: paired.route.p99 };
  report(`HTTP on loopback, ${HTTP_LABELS[route]}, ${CLIENTS} keep-alive clients`, timing, summarize(floorMs, floorDurations));
  printCpu(paired.route.cpuPerRequest);
  const ratio = paired.route.cpuPerRequest / paired.bare.cpuPerRequest;
  if (goal !== undefined) {
    console.log(
      `  the parse-only server beside it, same requests in turns: ${paired.bare.rate} requests/s, CPU ${paired.bare.cpuPerRequest.toFixed(1)} µs per request`,
    );
    console.log(
      `  ${ratio.toFixed(2)}× the parse-only server's CPU per request (goal ≤ ${goal}×: ${ratio <= goal ? 'met' : 'missed'}); ` +
        `${Math.round((100 * paired.route.rate) / paired.bare.rate)}% of its rate`,
    );
    return;
  }
  console.log(
    `  the bare Node server beside it, same requests in turns: ${paired.bare.rate} requests/s, CPU ${paired.bare.cpuPerRequest.toFixed(1)} µs per request`,
  );
  console.log(
    `  ${ratio.toFixed(2)}× the bare server's CPU per request (goal ≤ 2×: ${ratio <= 2 ? 'met' : 'missed'}); ` +
      `${Math.round((100 * paired.route.rate) / paired.bare.rate)}% of its rate`,
  );
}

/** Prints a server's CPU per request; it runs on one thread, so that bounds its rate whatever the client. */
function printCpu(cpuPerRequest: number): void {
  console.log(
    `  server CPU ${cpuPerRequest.toFixed(1)} µs per request (user + system), so at most ${Math.round(1e6 / cpuPerRequest)} requests/s on one core`,
  );
}

function report(label: string, timing: Timing, floor: Timing): void {
  const ratio = timing.seconds / floor.seconds;
  const goals = rate(timing) >= 20_000 && ratio <= 5 ? 'meets both goals' : 'misses a goal (≥ 20,000 events/s, ≤ 5× floor)';
  console.log(`\n${label}`);
  console.log(`  ${rate(timing)} events/s, p99 ${p99(timing)} per request`);
  console.log(
    `  floor (UTF-8 decode + split + JSON.parse, same requests, interleaved): ${rate(floor)} events/s, p99 ${p99(floor)}`,
  );
  console.log(`  ${ratio.toFixed(1)}× the floor: ${goals}`);
}

for (const name of values.paths.split(',').map((each) => each.trim())) {
  if (name.startsWith('http-') && name.slice(5) in HTTP_LABELS) {
    await runHttp(name.slice(5) as HttpRoute);
    continue;
  }
  const path = pathOf(name);
  await measure(requests.slice(0, 5000), path.sender(path.fresh()));
  const reference = path.fresh();
  const { path: timing, floor } = await measure(requests, path.sender(reference));
  const stored = reference.errors.state.errors.size();
  if (stored !== COUNT) throw new Error(`${path.label}: ${stored} events stored, expected ${COUNT}`);
  report(path.label, timing, floor);
}
if (sink === 0) throw new Error('nothing parsed');
