/**
 * What the host answers over real HTTP where the handlers cannot: a request target or `Host` that is not
 * one (400, never a 500), a second spelling of a path (404), a known path asked with another method and
 * CONNECT (405 with `Allow`), the client's address behind `--trust-proxy N`, the readiness path, rate limits a
 * request header cannot lift, and the collector's credentialed CORS for listed origins only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYLOAD_DATA_SCHEMA } from '../../../src/reference/analytics/collector/tp2-payload.ts';
import { theRegister } from '../versioned/harness.ts';
import { type HttpHost, rawExchange, startHost } from './http-host.ts';

const MAINTAINER = { 'PRIVATE-TOKEN': 'demo-maintainer-token' };
const KEY = '0123456789abcdef0123456789abcdef';

let host: HttpHost;
beforeAll(async () => {
  host = await startHost();
  host.reference.errors.state.keys.add({ id: 1, projectId: 1, active: true, publicKey: KEY });
});
afterAll(() => host.close());

const raw = (head: string) => rawExchange(host.port, head);
const json = (text: string) => JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4)) as { message: string };

describe('request targets and Host', () => {
  it('answers 400 with a JSON message for a target that is not a path and for a Host that is not a host', async () => {
    for (const [target, hostHeader] of [
      ['//', 'a'],
      ['//x/y', 'a'],
      ['*', 'a'],
      ['nowhere', 'a'],
      ['/api/v4/projects/1/error_tracking/errors', '['],
      ['/api/v4/projects/1/error_tracking/errors', 'a b'],
    ]) {
      const answer = await raw(`GET ${target} HTTP/1.1\r\nHost: ${hostHeader}\r\nConnection: close\r\n\r\n`);
      expect(answer.status, `${target} with Host ${hostHeader}`).toBe(400);
      // Node's own parser refuses some targets before the host sees them; its answer is a JSON 400 too.
      expect(json(answer.text).message, `${target} with Host ${hostHeader}`).toMatch(
        /^400( Bad Request)?: the (request target|Host header|request could not be read as HTTP) /,
      );
    }
  });

  it('takes the absolute form a proxy sends', async () => {
    const answer = await raw(
      `GET http://127.0.0.1/api/v4/projects/1/error_tracking/settings HTTP/1.1\r\nHost: a\r\nPRIVATE-TOKEN: demo-maintainer-token\r\nConnection: close\r\n\r\n`,
    );
    expect(answer.status).toBe(200);
  });
});

describe('one spelling per resource', () => {
  it('answers 404 to percent-escapes, dot and empty segments and a slash the route does not have', async () => {
    const canonical = '/api/v4/projects/1/error_tracking/settings';
    expect((await fetch(`${host.base}${canonical}`, { headers: MAINTAINER })).status).toBe(200);
    for (const alias of [
      '/api/v4/projects/%31/error_tracking/settings',
      '/api/v4/projects/1/error_tracking/%73ettings',
      '/api/v4/projects/1/error_tracking/settings/',
      '/api/v4/projects/1//error_tracking/settings',
      '/api/v4/projects/1/./error_tracking/settings',
      '/api/v4/projects/2/../1/error_tracking/settings',
    ]) {
      const answer = await raw(
        `GET ${alias} HTTP/1.1\r\nHost: a\r\nPRIVATE-TOKEN: demo-maintainer-token\r\nConnection: close\r\n\r\n`,
      );
      expect(answer.status, alias).toBe(404);
      expect(json(answer.text).message, alias).toMatch(/every resource has one spelling/);
    }
    // The SDK paths end in a slash; without it they are another spelling.
    const store = (path: string) =>
      fetch(`${host.base}${path}`, { method: 'POST', headers: { 'X-Sentry-Auth': `Sentry sentry_key=${KEY}` }, body: '{}' });
    expect((await store('/api/v4/error_tracking/collector/api/1/store/')).status).toBe(200);
    expect((await store('/api/v4/error_tracking/collector/api/1/store')).status).toBe(404);
  });
});

describe('methods', () => {
  it('answers 405 with the methods a known path is served with', async () => {
    for (const [method, path, allowed] of [
      ['DELETE', '/api/v4/projects/1/error_tracking/errors', 'GET, HEAD'],
      ['POST', '/api/v4/projects/1/error_tracking/settings', 'GET, HEAD, PATCH'],
      ['PUT', '/api/v4/projects/1/error_tracking/client_keys', 'GET, HEAD, POST'],
      ['GET', '/api/v4/error_tracking/collector/api/1/envelope/', 'OPTIONS, POST'],
    ] as const) {
      const response = await fetch(`${host.base}${path}`, { method, headers: MAINTAINER });
      expect(response.status, `${method} ${path}`).toBe(405);
      expect(response.headers.get('allow'), `${method} ${path}`).toBe(allowed);
      expect(((await response.json()) as { message: string }).message).toMatch(/^405 Method Not Allowed: .* answers /);
    }
    expect((await fetch(`${host.base}/api/v4/projects/1/nothing-here`, { method: 'DELETE', headers: MAINTAINER })).status).toBe(
      404,
    );
  });

  it('answers CONNECT with 405 and Allow instead of dropping the connection', async () => {
    const answer = await raw('CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n');
    expect(answer.status).toBe(405);
    expect(answer.text).toMatch(/\r\nAllow: GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS\r\n/);
    expect(json(answer.text).message).toMatch(/does not answer CONNECT/);
  });
});

describe('readiness', () => {
  it('answers GET /-/readiness with 200 once the server serves', async () => {
    const response = await fetch(`${host.base}/-/readiness`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
    expect((await fetch(`${host.base}/-/readiness`, { method: 'HEAD' })).status).toBe(200);
  });
});

describe('--trust-proxy N', () => {
  it('takes the client address N hops from the right of X-Forwarded-For, never what the client wrote further left', async () => {
    const addressOf = async (hops: number, forwardedFor: string) => {
      const proxied = await startHost({}, { trustProxy: hops });
      try {
        proxied.reference.errors.state.keys.add({ id: 1, projectId: 1, active: true, publicKey: KEY });
        const sent = await fetch(`${proxied.base}/api/v4/error_tracking/collector/api/1/store/`, {
          method: 'POST',
          headers: { 'X-Sentry-Auth': `Sentry sentry_key=${KEY}`, 'X-Forwarded-For': forwardedFor },
          body: JSON.stringify({ message: 'where from', user: { ip_address: '{{auto}}' } }),
        });
        expect(sent.status).toBe(200);
        const [error] = proxied.reference.errors.state.errors.list(1);
        return error?.latest.user?.ip_address;
      } finally {
        await proxied.close();
      }
    };
    // The socket is 127.0.0.1, the last proxy; each proxy appended the address it received the request from.
    expect(await addressOf(1, '203.0.113.66, 198.51.100.1')).toBe('198.51.100.1');
    expect(await addressOf(2, '203.0.113.66, 198.51.100.1, 192.0.2.7')).toBe('198.51.100.1');
    // Fewer entries than trusted hops: the leftmost is as far as the proxies vouch.
    expect(await addressOf(3, '198.51.100.1')).toBe('198.51.100.1');
    // Without trust the header counts for nothing.
    expect(await addressOf(0, '203.0.113.66')).toBe('127.0.0.1');
  });
});

describe('rate limits', () => {
  it('cannot be lifted with X-Platform-Release', async () => {
    const limited = await startHost({ register: await theRegister(), release: '18.0' });
    try {
      const call = (release?: string) =>
        fetch(`${limited.base}/api/v4/projects/1/error_tracking/settings`, {
          headers: { ...MAINTAINER, ...(release ? { 'X-Platform-Release': release } : {}) },
        });
      let status = 200;
      for (let index = 0; index < 100 && status === 200; index++) status = (await call()).status;
      expect(status).toBe(429);
      for (const release of ['17.0', '17.11', '18.0']) expect((await call(release)).status, release).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('the collector CORS', () => {
  it('allows credentials to listed origins only, never to null', async () => {
    const listed = await startHost({ analytics: { collectorOrigins: ['https://shop.example.com'] } });
    try {
      const batch = JSON.stringify({ schema: PAYLOAD_DATA_SCHEMA, data: [{ e: 'pv', aid: 'demo-app' }] });
      for (const [origin, credentials, allowOrigin] of [
        ['https://shop.example.com', 'true', 'https://shop.example.com'],
        ['https://elsewhere.example', null, '*'],
        ['null', null, '*'],
      ] as const) {
        const preflight = await fetch(`${listed.base}/com.snowplowanalytics.snowplow/tp2`, {
          method: 'OPTIONS',
          headers: { Origin: origin, 'Access-Control-Request-Method': 'POST' },
        });
        expect(preflight.headers.get('access-control-allow-credentials'), origin).toBe(credentials);
        expect(preflight.headers.get('access-control-allow-origin'), origin).toBe(allowOrigin);
        const posted = await fetch(`${listed.base}/com.snowplowanalytics.snowplow/tp2`, {
          method: 'POST',
          headers: { Origin: origin },
          body: batch,
        });
        expect(posted.status).toBe(200);
        expect(posted.headers.get('access-control-allow-credentials'), origin).toBe(credentials);
      }
    } finally {
      await listed.close();
    }
  });
});
