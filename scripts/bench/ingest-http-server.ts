/**
 * The server side of `bench:ingest --paths http-…`: the reference over real HTTP on a free loopback port, in
 * its own process (as `npm run reference` runs), with the bench's client key. `--route direct` uses the Node
 * host's direct ingestion route, `--route msw` sends ingestion through MSW, and `--route bare` is the peer:
 * a bare Node HTTP server that reads each body and answers 200 without any reference logic (it counts
 * requests as events). `--route parse` is a second peer: a bare server that also decompresses each body and
 * parses its JSON (every line of an envelope), what any ingestion must do at least, and keeps nothing. `--route
 * host` is the local server's direct route with an ingestion that only reads the body and answers as ingestion
 * does: what the host adds to HTTP (routing, body limits, backpressure, timeouts, the answer's headers) without
 * ingesting. `--route data-dir` is the direct route of the local server as `npm run reference -- --data-dir DIR`
 * builds it, on a fresh directory in the system's temporary folder: every request committed to SQLite before
 * its answer. Prints the URL, then on stdin `count` prints how many events are stored and `cpu` the CPU time
 * this process has used so far, user and system, in microseconds.
 */

import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { gunzipSync, inflateSync } from 'node:zlib';
import { type IngestionAnswer, type IngestionInput, JSON_CORS } from '../../src/reference/errors/ingestion-handlers.ts';
import { zlibDecompressor } from '../../src/reference/errors/zlib-decompressor.ts';
import { durableReference } from '../../src/reference/host/built-reference.ts';
import { INGESTION_BOUNDS } from '../../src/reference/host/ingestion-bounds.ts';
import { createReference } from '../../src/reference/reference.ts';
import { loadReferenceSource } from '../../src/reference/reference-source.ts';
import { createReferenceServer, listen } from '../../src/reference/server.ts';

const { values } = parseArgs({ options: { route: { type: 'string', default: 'direct' }, key: { type: 'string' } } });
// As the local server runs it: node:zlib, and the bounds a network host puts on what ingestion keeps.
const dataDir = values.route === 'data-dir' ? mkdtempSync(path.join(tmpdir(), 'sunset-bench-')) : undefined;
const durable = dataDir
  ? await durableReference(dataDir, await loadReferenceSource(), {
      origin: 'http://localhost',
      sample: false,
      collectorOrigins: [],
    })
  : undefined;
const reference = durable?.reference ?? createReference({ errors: { decompress: zlibDecompressor, ...INGESTION_BOUNDS.errors } });
reference.errors.state.keys.add({ id: 1, projectId: 1, active: true, publicKey: values.key ?? '' });
let bareCount = 0;
const bare = createServer((req, res) => {
  req.resume();
  req.once('end', () => {
    bareCount++;
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': 2 });
    res.end('{}');
  });
});
const decoder = new TextDecoder();
const parseOnly = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.once('end', () => {
    const body = Buffer.concat(chunks);
    const encoding = req.headers['content-encoding'];
    const plain = encoding === 'gzip' ? gunzipSync(body) : encoding === 'deflate' ? inflateSync(body) : body;
    for (const line of decoder.decode(plain).split('\n')) if (line.trim()) JSON.parse(line);
    bareCount++;
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': 2 });
    res.end('{}');
  });
});
const HOST_ONLY_TEXT = JSON.stringify({ id: '0'.repeat(32) });
const hostOnly = async (input: IngestionInput): Promise<IngestionAnswer> => {
  await input.body();
  bareCount++;
  return { status: 200, headers: JSON_CORS, text: HOST_ONLY_TEXT };
};
const PEERS: Record<string, boolean> = { bare: true, parse: true, host: true };
const server =
  values.route === 'parse'
    ? parseOnly
    : values.route === 'bare'
      ? bare
      : createReferenceServer(reference.handlers, {
          ...(values.route === 'direct' || values.route === 'data-dir' ? { ingest: reference.errors.answerIngestion } : {}),
          ...(values.route === 'host' ? { ingest: hostOnly } : {}),
        });
console.log(await listen(server, 0));
for await (const line of createInterface({ input: process.stdin })) {
  if (line === 'count') console.log(String(PEERS[values.route] ? bareCount : reference.errors.state.errors.size()));
  if (line === 'cpu') {
    const { user, system } = process.cpuUsage();
    console.log(String(user + system));
  }
}
server.close();
server.closeAllConnections();
durable?.close();
if (dataDir) rmSync(dataDir, { recursive: true, force: true });
