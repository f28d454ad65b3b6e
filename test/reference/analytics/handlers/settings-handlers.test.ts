import { describe, expect, it } from 'vitest';
import { createAnalyticsModule } from '../../../../src/reference/analytics/module.ts';
import { manualClock } from '../../../../src/reference/platform/clock.ts';
import { demoFixtures } from '../../../../src/reference/platform/world.ts';
import { call, referenceAt } from '../analytics-fixtures.ts';

const INSTANCE = '/api/v4/application/product_analytics/settings';
const PROJECT = '/api/v4/projects/1/product_analytics/settings';
const PROVIDER = {
  collector_host: 'https://collector.example.com',
  query_api_url: 'https://query.example.com',
  query_api_key: 'instance-key-1234',
  configurator_connection_string: 'https://config:secret@configurator.example.com',
};

describe('provider settings', () => {
  it('keeps instance-level settings for administrators', async () => {
    const reference = referenceAt('2024-06-01T00:00:00Z');
    expect((await call(reference, 'GET', INSTANCE, { token: 'demo-maintainer-token' })).status).toBe(403);
    expect((await call(reference, 'PUT', INSTANCE, { token: 'demo-maintainer-token', body: PROVIDER })).body.message).toMatch(
      /instance-level settings need an administrator/,
    );
    const saved = await call(reference, 'PUT', INSTANCE, { token: 'demo-admin-token', body: PROVIDER });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({
      level: 'instance',
      collector_host: 'https://collector.example.com',
      query_api_url: 'https://query.example.com',
      query_api_key: '********1234',
      configurator_connection_string: '********.com',
      missing: [],
    });
  });

  it('lets Maintainers of the project or its group change project settings, with an api-scoped token to write', async () => {
    const reference = referenceAt('2024-06-01T00:00:00Z');
    expect((await call(reference, 'GET', PROJECT, { token: 'demo-developer-token' })).body.message).toMatch(
      /at least the maintainer role/,
    );
    expect((await call(reference, 'GET', PROJECT, { token: 'demo-read-token' })).status).toBe(200);
    expect((await call(reference, 'PUT', PROJECT, { token: 'demo-read-token', body: {} })).body.message).toMatch(/scope api/);
    expect(
      (
        await call(reference, 'PUT', PROJECT, {
          token: 'demo-maintainer-token',
          body: { collector_host: 'https://mine.example.com' },
        })
      ).status,
    ).toBe(200);
  });

  it('cascades from the instance; project values override; removing them falls back', async () => {
    const reference = referenceAt('2024-06-01T00:00:00Z');
    await call(reference, 'PUT', INSTANCE, { token: 'demo-admin-token', body: PROVIDER });
    const inherited = await call(reference, 'GET', PROJECT, { token: 'demo-maintainer-token' });
    expect(inherited.body).toMatchObject({
      query_api_url: 'https://query.example.com',
      sources: { query_api_url: 'instance', collector_host: 'instance' },
    });

    const overridden = await call(reference, 'PUT', PROJECT, {
      token: 'demo-maintainer-token',
      body: { query_api_url: 'https://own-query.example.com' },
    });
    expect(overridden.body).toMatchObject({
      query_api_url: 'https://own-query.example.com',
      sources: { query_api_url: 'project', collector_host: 'instance' },
    });

    const cleared = await call(reference, 'PUT', PROJECT, { token: 'demo-maintainer-token', body: { query_api_url: null } });
    expect(cleared.body).toMatchObject({ query_api_url: 'https://query.example.com', sources: { query_api_url: 'instance' } });

    await call(reference, 'PUT', PROJECT, {
      token: 'demo-maintainer-token',
      body: { collector_host: 'https://own.example.com', query_api_key: 'project-key-9876' },
    });
    const removed = await call(reference, 'DELETE', PROJECT, { token: 'demo-maintainer-token' });
    expect(removed.body).toMatchObject({
      collector_host: 'https://collector.example.com',
      query_api_key: '********1234',
      sources: { collector_host: 'instance', query_api_key: 'instance' },
    });
  });

  it('needs a project in a group namespace', async () => {
    const fixtures = demoFixtures();
    fixtures.projects.push({ id: 3, path: 'demo-maintainer/side-project', name: 'side-project', groupId: undefined });
    (fixtures.users[1] as { projectRoles: Record<number, string> }).projectRoles[3] = 'owner';
    const module = createAnalyticsModule({ fixtures, clock: manualClock('2024-06-01T00:00:00Z') });
    const response = await call(module, 'GET', '/api/v4/projects/3/product_analytics/settings', {
      token: 'demo-maintainer-token',
    });
    expect(response.status).toBe(403);
    expect(response.body.message).toMatch(
      /need a project in a group namespace; demo-maintainer\/side-project is in a personal namespace/,
    );
  });

  it('refuses invalid values, naming the field', async () => {
    const reference = referenceAt('2024-06-01T00:00:00Z');
    const put = (body: unknown) => call(reference, 'PUT', INSTANCE, { token: 'demo-admin-token', body });
    expect((await put({ collector_host: 'collector.example.com' })).body.message).toBe(
      'collector_host: collector_host must be an http(s) URL',
    );
    expect((await put({ configurator_connection_string: 'https://configurator.example.com' })).body.message).toMatch(
      /carry credentials/,
    );
    expect((await put({ query_api_key: 'short' })).body.message).toMatch(
      /^query_api_key: query_api_key must be at least 8 characters/,
    );
    expect((await put({ region: 'eu' })).body.message).toMatch(/^body: unknown field region/);
    const notAnObject = await put('[1]');
    expect(notAnObject.status).toBe(400);
    expect(notAnObject.body.message).toMatch(/^body: expected a JSON object; the settings are collector_host/);
  });
});
