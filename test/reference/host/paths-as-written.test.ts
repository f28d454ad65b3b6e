/**
 * The Node host matches the request target as written, over raw sockets (a Fetch client would normalise the
 * very spellings under test): backslashes, dot segments, a fragment or a prefix before a route are 404, never
 * another resource; a target over the limit is 414 and a header block over it 431, never a 500; `HEAD` works
 * wherever `GET` does; `Host` is checked on every route, ingestion included; and every 4xx has a JSON body,
 * the ones Node's parser would answer itself included.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_HOST_CHARS, MAX_TARGET_CHARS } from '../../../src/reference/host/request-target.ts';
import { type HttpHost, type RawAnswer, rawExchange, startHost } from './http-host.ts';

let host: HttpHost;
let key = '';
const ADMIN = 'PRIVATE-TOKEN: demo-maintainer-token\r\n';
beforeAll(async () => {
  host = await startHost();
  key = host.reference.errors.state.keys.create(1).publicKey;
  for (let index = 0; index < 2; index++) {
    await fetch(`${host.base}/api/v4/error_tracking/collector/api/1/store/?sentry_key=${key}`, {
      method: 'POST',
      body: JSON.stringify({ exception: { values: [{ type: `WrittenError${index}` }] } }),
    });
  }
});
afterAll(() => host.close());

/** Sends one request as written; `headers` are whole lines (with their CRLF), `Host` included when wanted. */
function raw(method: string, target: string, headers: string, body = ''): Promise<RawAnswer> {
  const length = body ? `Content-Length: ${Buffer.byteLength(body)}\r\n` : '';
  return rawExchange(host.port, `${method} ${target} HTTP/1.1\r\n${headers}${length}Connection: close\r\n\r\n${body}`, [], 3000);
}
const HOST = () => `Host: 127.0.0.1:${host.port}\r\n`;

/** The JSON body of an answer; fails when it has none. */
function jsonOf(answer: RawAnswer): { message: string; error: string } {
  const body = answer.text.slice(answer.text.indexOf('\r\n\r\n') + 4);
  expect(answer.text).toMatch(/\r\nContent-Type: application\/json/i);
  return JSON.parse(body) as { message: string; error: string };
}

describe('paths matched as written', () => {
  it('answers the canonical spelling of an error, and 404 for any other spelling of it', async () => {
    const base = '/api/v4/projects/1/error_tracking/errors';
    expect((await raw('GET', `${base}/2`, HOST() + ADMIN)).status).toBe(200);
    for (const spelling of [
      `${base}/1\\..\\2`,
      `${base}/1/../2`,
      `${base}/./2`,
      `${base}\\2`,
      `/foo${base}/2`,
      `/api/api/v4/projects/1/error_tracking/errors/2`,
      `${base}/2#fragment`,
      `${base}/%32`,
      `/api/v4/projects/2\\..\\1/error_tracking/errors/2`,
    ]) {
      const answer = await raw('GET', spelling, HOST() + ADMIN);
      expect(answer.status, spelling).toBe(404);
      expect(jsonOf(answer).message, spelling).toMatch(/^404 Not Found: /);
    }
  });

  it('changes nothing through another spelling: a PUT to one is 404 and the error keeps its status', async () => {
    const put = await raw(
      'PUT',
      '/api/v4/projects/1/error_tracking/errors/1\\..\\2',
      `${HOST()}${ADMIN}Content-Type: application/json\r\n`,
      '{"status":"resolved"}',
    );
    expect(put.status).toBe(404);
    expect(host.reference.errors.state.errors.get(1, 2)?.status).toBe('open');
  });

  it('refuses a prefix or a dot segment before an ingestion route', async () => {
    for (const target of [
      `/foo/api/v4/error_tracking/collector/api/1/store/?sentry_key=${key}`,
      `/api/v4/error_tracking/collector/api/2\\..\\1/store/?sentry_key=${key}`,
    ]) {
      const answer = await raw('POST', target, HOST(), '{"message":"elsewhere"}');
      expect(answer.status, target).toBe(404);
      jsonOf(answer);
    }
  });

  it('answers a target at the limit, and 414 with a JSON body one character past it', async () => {
    const path = '/api/v4/projects/1/error_tracking/errors?search=';
    const at = await raw('GET', `${path}${'x'.repeat(MAX_TARGET_CHARS - path.length)}`, HOST() + ADMIN);
    expect(at.status).toBe(200);
    const past = await raw('GET', `${path}${'x'.repeat(MAX_TARGET_CHARS - path.length + 1)}`, HOST() + ADMIN);
    expect(past.status).toBe(414);
    expect(jsonOf(past).message).toMatch(/^414 URI Too Long: /);
  });

  it('answers 414, not 431 or a 500, for a target longer than the whole header block', async () => {
    const answer = await raw('GET', `/api/v4/projects/1/error_tracking/errors?search=${'x'.repeat(20_000)}`, HOST());
    expect(answer.status).toBe(414);
    expect(jsonOf(answer).message).toMatch(/^414 URI Too Long/);
  });

  it('answers 431 with a JSON body for a header block over the limit', async () => {
    const answer = await raw('GET', '/api/v4/projects/1/error_tracking/errors', `${HOST()}X-Filler: ${'f'.repeat(17_000)}\r\n`);
    expect(answer.status).toBe(431);
    expect(jsonOf(answer).message).toMatch(/^431 Request Header Fields Too Large: /);
  });
});

describe('HEAD', () => {
  it('answers wherever GET does, with its status and length and no body', async () => {
    for (const target of [
      '/api/v4/projects/1/error_tracking/errors',
      '/api/v4/projects/1/error_tracking/errors/2',
      '/-/readiness',
    ]) {
      const get = await raw('GET', target, HOST() + ADMIN);
      const head = await raw('HEAD', target, HOST() + ADMIN);
      expect(head.status, target).toBe(get.status);
      const length = /\r\ncontent-length: (\d+)/i.exec(get.text)?.[1];
      expect(head.text, target).toMatch(new RegExp(`\\r\\ncontent-length: ${length}\\r\\n`, 'i'));
      expect(head.text.endsWith('\r\n\r\n'), target).toBe(true);
    }
    const unknown = await raw('HEAD', '/api/v4/projects/1/error_tracking/errors/999', HOST() + ADMIN);
    expect(unknown.status).toBe(404);
  });
});

describe('Host on every route', () => {
  const routes = [
    ['GET', '/api/v4/projects/1/error_tracking/errors', ADMIN, ''],
    ['POST', `/api/v4/error_tracking/collector/api/1/store/?sentry_key=${'K'}`, '', '{"message":"hosted"}'],
    ['GET', '/-/readiness', '', ''],
  ] as const;

  it('answers 400 with a JSON body for a missing, doubled, malformed or overlong Host', async () => {
    for (const [method, target, headers, body] of routes) {
      const path = target.replace('K', key);
      for (const [name, hostLines] of [
        ['missing', ''],
        ['doubled', `${HOST()}Host: elsewhere.example\r\n`],
        ['doubled in other letter cases', `${HOST()}hOST: elsewhere.example\r\n`],
        ['malformed', 'Host: a/b\r\n'],
        ['with a user', 'Host: user@127.0.0.1\r\n'],
        ['overlong', `Host: ${'h'.repeat(MAX_HOST_CHARS + 1)}\r\n`],
        ['of 8,192 characters', `Host: ${'h'.repeat(8192)}\r\n`],
      ] as const) {
        const answer = await raw(method, path, hostLines + headers, body);
        expect(answer.status, `${name} Host on ${method} ${target}`).toBe(400);
        expect(jsonOf(answer).message, `${name} Host on ${method} ${target}`).toMatch(/^400 Bad Request: .*Host/);
      }
    }
  });

  it('takes one Host header whatever the case of its name', async () => {
    const lower = await raw('GET', '/-/readiness', HOST().replace('Host:', 'host:'));
    expect(lower.status).toBe(200);
    const upper = await raw('GET', '/-/readiness', HOST().replace('Host:', 'HOST:'));
    expect(upper.status).toBe(200);
  });

  it('answers a Host at its longest', async () => {
    const answer = await raw('GET', '/-/readiness', `Host: ${'h'.repeat(MAX_HOST_CHARS - 6)}:65535\r\n`);
    expect(answer.status).toBe(200);
  });

  it('takes an HTTP/1.0 request without Host, as that version allows', async () => {
    const answer = await rawExchange(host.port, 'GET /-/readiness HTTP/1.0\r\n\r\n', [], 3000);
    expect(answer.text).toMatch(/^HTTP\/1\.[01] 200 /);
  });
});
