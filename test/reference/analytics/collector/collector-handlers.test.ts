import { describe, expect, it } from 'vitest';
import { PAYLOAD_DATA_SCHEMA } from '../../../../src/reference/analytics/collector/tp2-payload.ts';
import { call, referenceAt } from '../analytics-fixtures.ts';

const TP2 = '/com.snowplowanalytics.snowplow/tp2';
const NOW = '2024-07-10T12:00:00Z';
const pageView = (aid: string, extra: Record<string, string> = {}) => ({
  e: 'pv',
  aid,
  url: 'https://shop.example.com/cart',
  dtm: String(Date.parse('2024-07-10T11:59:00Z')),
  tv: 'js-4.10.1',
  ...extra,
});
const batch = (...data: Record<string, string>[]) => JSON.stringify({ schema: PAYLOAD_DATA_SCHEMA, data });

describe('event collector', () => {
  it('accepts a batch posted with a charset suffix, stores and counts every event', async () => {
    const reference = referenceAt(NOW);
    const response = await call(reference, 'POST', TP2, {
      body: batch(pageView('demo-app', { duid: 'u1' }), pageView('demo-app', { duid: 'u2' })),
      headers: { 'content-type': 'application/json; charset=UTF-8' },
    });
    expect(response.status).toBe(200);
    const { state } = reference.analytics;
    expect(state.store(1).size).toBe(2);
    expect(state.store(1).row(1)).toMatchObject({ docPath: '/cart', userAnonymousId: 'u2', eventType: 'pageview' });
    expect(state.ledger.eventsIn(1, '2024-07')).toBe(2);
  });

  it('answers the CORS preflight of an allowed origin by echoing it, allowing credentials and the requested headers', async () => {
    const reference = referenceAt(NOW, { collectorOrigins: ['https://shop.example.com'] });
    const response = await call(reference, 'OPTIONS', TP2, {
      headers: {
        origin: 'https://shop.example.com',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,sp-anonymous,x-app-id',
      },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('https://shop.example.com');
    expect(response.headers.get('access-control-allow-credentials')).toBe('true');
    expect(response.headers.get('access-control-allow-headers')).toBe('content-type,sp-anonymous,x-app-id');
    const posted = await call(reference, 'POST', TP2, {
      body: batch(pageView('demo-app')),
      headers: { origin: 'https://shop.example.com' },
    });
    expect(posted.headers.get('access-control-allow-origin')).toBe('https://shop.example.com');
    expect(posted.headers.get('access-control-allow-credentials')).toBe('true');
  });

  it('allows credentials to no other origin, null included: they may send events without the cookie', async () => {
    const reference = referenceAt(NOW, { collectorOrigins: ['https://shop.example.com'] });
    for (const origin of ['https://evil.example', 'null', 'https://shop.example.com.evil.example']) {
      const preflight = await call(reference, 'OPTIONS', TP2, {
        headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
      });
      expect(preflight.headers.get('access-control-allow-origin'), origin).toBe('*');
      expect(preflight.headers.get('access-control-allow-credentials'), origin).toBeNull();
      const posted = await call(reference, 'POST', TP2, { body: batch(pageView('demo-app')), headers: { origin } });
      expect(posted.status).toBe(200);
      expect(posted.headers.get('access-control-allow-origin'), origin).toBe('*');
      expect(posted.headers.get('access-control-allow-credentials'), origin).toBeNull();
      const refused = await call(reference, 'POST', TP2, { body: batch(pageView('nope')), headers: { origin } });
      expect(refused.status).toBe(403);
      expect(refused.headers.get('access-control-allow-credentials'), origin).toBeNull();
    }
    // Without the option no origin is trusted.
    const closed = await call(referenceAt(NOW), 'OPTIONS', TP2, { headers: { origin: 'https://shop.example.com' } });
    expect(closed.headers.get('access-control-allow-credentials')).toBeNull();
  });

  it('sets a collector cookie and uses it as the user id of events without a domain user id', async () => {
    const reference = referenceAt(NOW);
    const first = await call(reference, 'POST', TP2, { body: batch(pageView('demo-app')) });
    const cookie = /^sp=([^;]+);/.exec(first.headers.get('set-cookie') ?? '')?.[1];
    expect(cookie).toMatch(/^[0-9a-f-]{36}$/);
    expect(reference.analytics.state.store(1).row(0).userAnonymousId).toBe(cookie);
    const again = await call(reference, 'POST', TP2, { body: batch(pageView('demo-app')), headers: { cookie: `sp=${cookie}` } });
    expect(again.headers.get('set-cookie')).toBeNull();
    expect(reference.analytics.state.store(1).row(1).userAnonymousId).toBe(cookie);
  });

  it('in anonymous mode neither reads nor sets the cookie, so events have no user id', async () => {
    const reference = referenceAt(NOW);
    const response = await call(reference, 'POST', TP2, {
      body: batch(pageView('demo-app')),
      headers: { 'sp-anonymous': '*', cookie: 'sp=known-user' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('set-cookie')).toBeNull();
    expect(reference.analytics.state.store(1).row(0).userAnonymousId).toBeNull();
  });

  it('takes single events on the pixel endpoint GET /i', async () => {
    const reference = referenceAt(NOW);
    const query = new URLSearchParams(pageView('demo-app', { duid: 'pixel-user', page: 'Cart' })).toString();
    const response = await call(reference, 'GET', `/i?${query}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/gif');
    expect(reference.analytics.state.store(1).row(0)).toMatchObject({ pageTitle: 'Cart', userAnonymousId: 'pixel-user' });
  });

  it('refuses events of a project that is not onboarded and does not count them', async () => {
    const reference = referenceAt(NOW);
    const response = await call(reference, 'POST', TP2, { body: batch(pageView('docs-site')) });
    expect(response.status).toBe(403);
    expect(response.body.message).toMatch(
      /data\[0\]\.aid: project demo-group\/docs-site is not onboarded .* refused and not counted; onboard it first/,
    );
    expect(response.body.error).toBe(response.body.message);
    expect(reference.analytics.state.store(2).size).toBe(0);
    expect(reference.analytics.state.ledger.eventsIn(2, '2024-07')).toBe(0);
  });

  it('refuses a whole batch when one event is refused, so nothing of it counts', async () => {
    const reference = referenceAt(NOW);
    const response = await call(reference, 'POST', TP2, { body: batch(pageView('demo-app'), pageView('no-such-app')) });
    expect(response.status).toBe(403);
    expect(response.body.message).toMatch(/data\[1\]\.aid: the app id "no-such-app" belongs to no project/);
    expect(reference.analytics.state.store(1).size).toBe(0);
    expect(reference.analytics.state.ledger.eventsIn(1, '2024-07')).toBe(0);
  });

  it('answers malformed input with a 400 JSON message, never a 500', async () => {
    const reference = referenceAt(NOW);
    for (const body of [
      'not json',
      '[]',
      batch({ aid: 'demo-app' }),
      JSON.stringify({ schema: PAYLOAD_DATA_SCHEMA, data: [7] }),
    ]) {
      const response = await call(reference, 'POST', TP2, { body });
      expect(response.status).toBe(400);
      expect(typeof response.body.message).toBe('string');
    }
  });
});
