/**
 * The Node host's direct ingestion route (no MSW, no Fetch `Request`) answers exactly as the MSW handler does:
 * the same requests to a host with it and a host without it get the same status, headers and message.
 */
import { connect } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HttpHost, startHost } from './http-host.ts';

let direct: HttpHost;
let viaMsw: HttpHost;
const KEY = '0123456789abcdef0123456789abcdef';
beforeAll(async () => {
  direct = await startHost();
  viaMsw = await startHost({}, { ingest: undefined });
  for (const host of [direct, viaMsw])
    host.reference.errors.state.keys.add({ id: 1, projectId: 1, active: true, publicKey: KEY });
});
afterAll(async () => {
  await direct.close();
  await viaMsw.close();
});

const event = JSON.stringify({ event_id: 'a'.repeat(32), message: 'hello', user: { ip_address: '{{auto}}' } });
const CASES: { name: string; path: string; headers?: Record<string, string>; body: BodyInit }[] = [
  { name: 'store', path: '/api/1/store/', headers: { 'x-sentry-auth': `Sentry sentry_key=${KEY}` }, body: event },
  { name: 'key in the query', path: `/api/1/store/?sentry_key=${KEY}`, body: event },
  {
    name: 'gzip',
    path: '/api/1/store/',
    headers: { 'x-sentry-auth': `Sentry sentry_key=${KEY}`, 'content-encoding': 'gzip' },
    body: gzipSync(event),
  },
  {
    name: 'envelope',
    path: '/api/1/envelope/',
    headers: { 'x-sentry-auth': `Sentry sentry_key=${KEY}` },
    body: `{"event_id":"${'b'.repeat(32)}"}\n{"type":"event"}\n${event}`,
  },
  { name: 'unknown key', path: '/api/1/store/', headers: { 'x-sentry-auth': 'Sentry sentry_key=nope' }, body: event },
  { name: 'no key', path: '/api/1/store/', body: event },
  { name: 'project 01', path: '/api/01/store/', headers: { 'x-sentry-auth': `Sentry sentry_key=${KEY}` }, body: event },
  { name: 'bad JSON', path: '/api/1/store/', headers: { 'x-sentry-auth': `Sentry sentry_key=${KEY}` }, body: '{' },
  {
    name: 'bad gzip',
    path: '/api/1/store/',
    headers: { 'x-sentry-auth': `Sentry sentry_key=${KEY}`, 'content-encoding': 'gzip' },
    body: 'x',
  },
  {
    name: 'too large',
    path: '/api/1/store/',
    headers: { 'x-sentry-auth': `Sentry sentry_key=${KEY}` },
    body: 'x'.repeat(1024 * 1024 + 1),
  },
];

async function answer(host: HttpHost, sent: (typeof CASES)[number]) {
  const response = await fetch(`${host.base}/api/v4/error_tracking/collector${sent.path}`, {
    method: 'POST',
    headers: sent.headers,
    body: sent.body,
  });
  const text = await response.text();
  const headers = Object.fromEntries(
    [...response.headers].filter(
      ([name]) => name.startsWith('access-control') || name === 'content-type' || name === 'x-content-type-options',
    ),
  );
  return { status: response.status, headers, text };
}

describe('the direct ingestion route', () => {
  it('answers every case as the MSW handler does', async () => {
    for (const sent of CASES) {
      expect(await answer(direct, sent), sent.name).toEqual(await answer(viaMsw, sent));
    }
    expect(direct.reference.errors.state.errors.size()).toBe(viaMsw.reference.errors.state.errors.size());
    expect(direct.reference.errors.state.errors.size()).toBeGreaterThan(0);
  });
});

describe('the direct route when ingestion fails', () => {
  const post = (host: HttpHost) =>
    fetch(`${host.base}/api/v4/error_tracking/collector/api/1/store/`, { method: 'POST', body: event });

  it('answers 500 with the JSON body for an ingestion that throws at once or rejects later, and serves the next request', async () => {
    let calls = 0;
    const throwing = await startHost(
      {},
      {
        ingest: () => {
          calls++;
          if (calls === 1) throw new Error('thrown at once');
          if (calls === 2) return Promise.reject(new Error('rejected later'));
          return { status: 200, headers: { 'content-type': 'application/json' }, text: '{"id":"answered in place"}' };
        },
      },
    );
    try {
      const first = await post(throwing);
      expect(first.status).toBe(500);
      expect(await first.json()).toMatchObject({ message: 'internal error in the reference server: thrown at once' });
      const second = await post(throwing);
      expect(second.status).toBe(500);
      expect(await second.json()).toMatchObject({ message: 'internal error in the reference server: rejected later' });
      const third = await post(throwing);
      expect(third.status).toBe(200);
      expect(third.headers.get('x-content-type-options')).toBe('nosniff');
      expect(await third.json()).toEqual({ id: 'answered in place' });
      expect(calls).toBe(3);
    } finally {
      await throwing.close();
    }
  });
});

describe('the direct route when the client goes away', () => {
  it('keeps nothing of a body cut off halfway, and answers the next client', async () => {
    const before = direct.reference.errors.state.errors.size();
    const body = JSON.stringify({ event_id: 'c'.repeat(32), message: 'never finished' });
    await new Promise<void>((resolve, reject) => {
      const socket = connect(direct.port, '127.0.0.1', () => {
        socket.write(
          `POST /api/v4/error_tracking/collector/api/1/store/ HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
            `X-Sentry-Auth: Sentry sentry_key=${KEY}\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 20)}`,
          () => setTimeout(() => socket.destroy(), 50),
        );
      });
      socket.on('close', () => resolve());
      socket.on('error', reject);
    });
    const next = await fetch(`${direct.base}/api/v4/error_tracking/collector/api/1/store/`, {
      method: 'POST',
      headers: { 'x-sentry-auth': `Sentry sentry_key=${KEY}` },
      body: JSON.stringify({ event_id: 'd'.repeat(32), message: 'finished' }),
    });
    expect(next.status).toBe(200);
    expect(await next.json()).toEqual({ id: 'd'.repeat(32) });
    expect(direct.reference.errors.state.errors.size()).toBe(before + 1);
    expect(direct.reference.errors.state.errors.hasEvent(1, 'c'.repeat(32))).toBe(false);
  });
});
