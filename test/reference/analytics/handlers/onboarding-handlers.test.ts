import { describe, expect, it } from 'vitest';
import { PAYLOAD_DATA_SCHEMA } from '../../../../src/reference/analytics/collector/tp2-payload.ts';
import { call, load, referenceAt } from '../analytics-fixtures.ts';

const onboarding = (project: number) => `/api/v4/projects/${project}/product_analytics/onboarding`;
const maintainer = 'demo-maintainer-token';
const OWN_PROVIDER = {
  collector_host: 'https://collector.docs.example.com',
  query_api_url: 'https://query.docs.example.com',
  query_api_key: 'docs-site-key-42',
  configurator_connection_string: 'https://cfg:secret@configurator.docs.example.com',
};

describe('onboarding', () => {
  it('starts with project 1 onboarded on the managed provider and project 2 not', async () => {
    const reference = referenceAt('2024-06-01T00:00:00Z');
    expect((await call(reference, 'GET', onboarding(1), { token: maintainer })).body).toEqual({
      project_id: 1,
      onboarded: true,
      provider: 'managed',
      region: 'us-central-1',
      onboarded_at: '2024-06-01T00:00:00.000Z',
      app_id: 'demo-app',
      collector_url: 'http://localhost/com.snowplowanalytics.snowplow/tp2',
    });
    expect((await call(reference, 'GET', onboarding(2), { token: maintainer })).body).toEqual({
      project_id: 2,
      onboarded: false,
    });
  });

  it('refuses queries on a project that is not onboarded', async () => {
    const response = await call(
      referenceAt('2024-06-01T00:00:00Z'),
      'POST',
      '/api/v4/projects/2/product_analytics/request/load',
      {
        token: 'demo-read-token',
        body: { query: { measures: ['TrackedEvents.count'] } },
      },
    );
    expect(response.status).toBe(404);
    expect(response.body.message).toMatch(/not set up for project demo-group\/docs-site; a Maintainer onboards it first/);
  });

  it('needs the region consent for the managed provider, then accepts events and queries', async () => {
    const reference = referenceAt('2024-06-01T00:00:00Z');
    const refused = await call(reference, 'POST', onboarding(2), { token: maintainer, body: { provider: 'managed' } });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/^region_consent: the platform-managed provider stores data in the region us-central-1/);
    const accepted = await call(reference, 'POST', onboarding(2), {
      token: maintainer,
      body: { provider: 'managed', region_consent: true },
    });
    expect(accepted.status).toBe(201);
    expect(accepted.body).toMatchObject({ onboarded: true, provider: 'managed', app_id: 'docs-site' });
    const tp2 = await call(reference, 'POST', '/com.snowplowanalytics.snowplow/tp2', {
      body: JSON.stringify({
        schema: PAYLOAD_DATA_SCHEMA,
        data: [{ e: 'pv', aid: 'docs-site', url: 'https://docs.example.com/' }],
      }),
    });
    expect(tp2.status).toBe(200);
    const result = await call(reference, 'POST', '/api/v4/projects/2/product_analytics/request/load?queryType=multi', {
      token: 'demo-read-token',
      body: { query: { measures: ['TrackedEvents.count'] } },
    });
    expect(result.body.results[0].data).toEqual([{ 'TrackedEvents.count': '1' }]);
  });

  it('needs a Maintainer with an api-scoped token', async () => {
    const reference = referenceAt('2024-06-01T00:00:00Z');
    const body = { provider: 'managed', region_consent: true };
    expect((await call(reference, 'POST', onboarding(2), { token: 'demo-developer-token', body })).status).toBe(403);
    expect((await call(reference, 'POST', onboarding(2), { token: 'demo-read-token', body })).status).toBe(403);
    expect((await call(reference, 'POST', onboarding(2), { body })).status).toBe(401);
  });

  it('connects a self-managed provider on the hosted offering only from saved project settings', async () => {
    const reference = referenceAt('2024-06-01T00:00:00Z');
    const early = await call(reference, 'POST', onboarding(2), { token: maintainer, body: { provider: 'self_managed' } });
    expect(early.status).toBe(400);
    expect(early.body.message).toMatch(
      /defined in the project's settings; save collector_host, query_api_url, query_api_key, configurator_connection_string/,
    );
    await call(reference, 'PUT', '/api/v4/projects/2/product_analytics/settings', { token: maintainer, body: OWN_PROVIDER });
    const connected = await call(reference, 'POST', onboarding(2), { token: maintainer, body: { provider: 'self_managed' } });
    expect(connected.status).toBe(201);
    expect(connected.body.collector_url).toBe('https://collector.docs.example.com/com.snowplowanalytics.snowplow/tp2');
  });

  it('moves from a self-managed to the managed provider only once project values are removed', async () => {
    const reference = referenceAt('2024-06-01T00:00:00Z');
    await call(reference, 'PUT', '/api/v4/projects/2/product_analytics/settings', { token: maintainer, body: OWN_PROVIDER });
    await call(reference, 'POST', onboarding(2), { token: maintainer, body: { provider: 'self_managed' } });
    const blocked = await call(reference, 'POST', onboarding(2), {
      token: maintainer,
      body: { provider: 'managed', region_consent: true },
    });
    expect(blocked.status).toBe(409);
    expect(blocked.body.message).toMatch(/remove them first \(DELETE \/api\/v4\/projects\/2\/product_analytics\/settings\)/);
    await call(reference, 'DELETE', '/api/v4/projects/2/product_analytics/settings', { token: maintainer });
    const moved = await call(reference, 'POST', onboarding(2), {
      token: maintainer,
      body: { provider: 'managed', region_consent: true },
    });
    expect(moved.status).toBe(200);
    expect(moved.body.provider).toBe('managed');
  });

  it('offers the managed provider on the hosted offering only', async () => {
    const reference = referenceAt('2024-06-01T00:00:00Z', { offering: 'self-managed' });
    const managed = await call(reference, 'POST', onboarding(2), {
      token: maintainer,
      body: { provider: 'managed', region_consent: true },
    });
    expect(managed.body.message).toMatch(/hosted offering only; this instance is self-managed/);
    const own = await call(reference, 'POST', onboarding(2), { token: maintainer, body: { provider: 'self_managed' } });
    expect(own.status).toBe(201);
    expect((await load(reference, { measures: ['TrackedEvents.count'] })).status).toBe(200);
  });

  it('refuses malformed requests with the field', async () => {
    const reference = referenceAt('2024-06-01T00:00:00Z');
    const bad = await call(reference, 'POST', onboarding(2), { token: maintainer, body: { provider: 'cloud' } });
    expect(bad.body.message).toBe('provider: provider must be "managed" or "self_managed"');
    expect((await call(reference, 'POST', onboarding(2), { token: maintainer, body: '' })).status).toBe(400);
    const unknown = await call(reference, 'POST', onboarding(2), {
      token: maintainer,
      body: { provider: 'managed', region: 'eu' },
    });
    expect(unknown.body.message).toBe('body: unknown field region; send provider and region_consent');
  });
});
