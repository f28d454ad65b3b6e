import { deflateSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES } from '../../../src/reference/errors/ingestion-limits.ts';
import { createHarness, envelopeText, exceptionEvent } from './harness.ts';

const ENVELOPE = '/api/v4/error_tracking/collector/api/1/envelope/';
const STORE = '/api/v4/error_tracking/collector/api/1/store/';
const event = exceptionEvent('TypeError', 'handler');

async function setup() {
  const harness = createHarness();
  const key = await harness.createKey();
  return { ...harness, key, count: () => harness.reference.errors.state.errors.size() };
}

describe('ingestion endpoints', () => {
  it('accept the key in X-Sentry-Auth, with or without spaces (Java), in the query, and in the envelope dsn', async () => {
    const { call, key, count } = await setup();
    const body = envelopeText([{}, { type: 'event' }, event]);
    const forms: [string, RequestInit & { headers?: Record<string, string> }][] = [
      [ENVELOPE, { headers: { 'x-sentry-auth': `Sentry sentry_version=7, sentry_client=a/1, sentry_key=${key.public_key}` } }],
      [
        ENVELOPE,
        { headers: { 'x-sentry-auth': `Sentry sentry_version=7,sentry_client=sentry.java/6.18.1,sentry_key=${key.public_key}` } },
      ],
      [`${ENVELOPE}?sentry_key=${key.public_key}&sentry_version=7`, {}],
    ];
    for (const [path, init] of forms) expect((await call('POST', path, { headers: init.headers ?? {}, body })).status).toBe(200);
    const withDsn = envelopeText([{ dsn: key.sentry_dsn }, { type: 'event' }, event]);
    expect((await call('POST', ENVELOPE, { body: withDsn })).status).toBe(200);
    expect(count()).toBe(4);
  });

  it('refuses requests without a key, with an unknown key, or with a key of another project', async () => {
    const { call, createKey, count } = await setup();
    const body = envelopeText([{}, { type: 'event' }, event]);
    const none = await call('POST', ENVELOPE, { body });
    expect(none.status).toBe(401);
    expect((await call('POST', `${ENVELOPE}?sentry_key=ffffffffffffffffffffffffffffffff`, { body })).status).toBe(401);
    const other = await createKey(2);
    const wrong = await call('POST', `${ENVELOPE}?sentry_key=${other.public_key}`, { body });
    expect(wrong.status).toBe(401);
    expect((await wrong.json()).message).toBe("the client key belongs to project 2, not 1; use that project's DSN");
    expect(count()).toBe(0);
  });

  it('take gzip and deflate bodies, and an empty Content-Encoding as plain', async () => {
    const { call, key, count } = await setup();
    const text = envelopeText([{}, { type: 'event' }, event]);
    const path = `${ENVELOPE}?sentry_key=${key.public_key}`;
    expect((await call('POST', path, { headers: { 'content-encoding': 'gzip' }, body: gzipSync(text) })).status).toBe(200);
    expect((await call('POST', path, { headers: { 'content-encoding': 'deflate' }, body: deflateSync(text) })).status).toBe(200);
    expect((await call('POST', path, { headers: { 'content-encoding': '' }, body: text })).status).toBe(200);
    expect(count()).toBe(3);
  });

  it('replace {{auto}} with the client address from X-Forwarded-For, else 127.0.0.1', async () => {
    const { call, key, reference } = await setup();
    const auto = { message: 'who', user: { ip_address: '{{auto}}' } };
    const headers = { 'x-sentry-auth': `Sentry sentry_key=${key.public_key}`, 'x-forwarded-for': '203.0.113.5, 10.0.0.1' };
    await call('POST', STORE, { headers, body: JSON.stringify(auto) });
    await call('POST', `${STORE}?sentry_key=${key.public_key}`, { body: JSON.stringify(auto) });
    const record = reference.errors.state.errors.list(1)[0];
    expect([...(record?.users.keys() ?? [])]).toEqual(['ip:203.0.113.5', 'ip:127.0.0.1']);
  });

  it('answer a body over the limit with a 413 that states the limit, and store nothing', async () => {
    const { call, key, count } = await setup();
    const big = envelopeText([{}, { type: 'event' }, { message: 'x'.repeat(MAX_BODY_BYTES) }]);
    const response = await call('POST', `${ENVELOPE}?sentry_key=${key.public_key}`, { body: big });
    expect(response.status).toBe(413);
    expect((await response.json()).message).toMatch(/the limit is 1 MiB as sent/);
    expect(count()).toBe(0);
  });

  it('refuse a body whose Content-Length is over the limit before reading it', async () => {
    const { call, key } = await setup();
    const headers = { 'content-length': String(MAX_BODY_BYTES + 1) };
    const response = await call('POST', `${ENVELOPE}?sentry_key=${key.public_key}`, { headers, body: '{}' });
    expect(response.status).toBe(413);
    expect((await response.json()).message).toBe(
      `the request body is ${MAX_BODY_BYTES + 1} bytes; the limit is 1 MiB as sent (compressed or not)`,
    );
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('answer bad JSON on the store endpoint with a 400', async () => {
    const { call, key } = await setup();
    const response = await call('POST', `${STORE}?sentry_key=${key.public_key}`, { body: '{"message":' });
    expect(response.status).toBe(400);
    expect((await response.json()).message).toMatch(/^the event \(request body\) is not valid JSON/);
  });

  it('allow browsers from any origin', async () => {
    const { call, key } = await setup();
    const preflight = await call('OPTIONS', ENVELOPE);
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-headers')).toContain('x-sentry-auth');
    expect(preflight.headers.get('access-control-allow-methods')).toBe('POST, OPTIONS');
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    const response = await call('POST', `${ENVELOPE}?sentry_key=${key.public_key}`, { body: envelopeText([{}]) });
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    // A script may read the rate limits an SDK backs off by; what may be sent is the preflight's to say.
    expect(response.headers.get('access-control-expose-headers')).toBe('x-sentry-rate-limits, retry-after');
    expect(response.headers.get('access-control-allow-methods')).toBeNull();
    expect(response.headers.get('access-control-allow-headers')).toBeNull();
    expect(await response.json()).toEqual({ id: expect.stringMatching(/^[0-9a-f]{32}$/) });
  });

  it('leave other paths under the collector to other handlers', async () => {
    const { call } = await setup();
    await expect(call('POST', '/api/v4/error_tracking/collector/api/1/minidump/', { body: '{}' })).rejects.toThrow(/no handler/);
    await expect(call('OPTIONS', '/api/v4/error_tracking/collector/api/1/minidump/')).rejects.toThrow(/no handler/);
  });
});
