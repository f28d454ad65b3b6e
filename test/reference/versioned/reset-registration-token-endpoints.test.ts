import { describe, expect, it } from 'vitest';
import { createHarness, entryLink } from './harness.ts';

const ENDPOINTS = [
  { path: '/api/v4/runners/reset_registration_token', token: 'demo-admin-token' },
  { path: '/api/v4/projects/1/runners/reset_registration_token', token: 'demo-maintainer-token' },
  { path: '/api/v4/groups/10/runners/reset_registration_token', token: 'demo-admin-token' },
];
const ENTRY = 'runner-reset-registration-token-endpoints-gone';

describe('the reset-registration-token endpoints by release', () => {
  it('reset the token in 17.x and mark the request deprecated by the reset entry', async () => {
    const { call } = await createHarness();
    for (const { path, token } of ENDPOINTS) {
      const response = await call('POST', path, { token, release: '17.0' });
      expect(response.status, path).toBe(201);
      expect((await response.json()).token, path).toMatch(/^demo-registration-token-\d+$/);
      expect(response.headers.get('deprecation'), path).toMatch(/^@\d+$/);
      expect(response.headers.get('sunset'), path).toBe('Thu, 15 May 2025 00:00:00 GMT');
      expect(response.headers.get('link'), path).toBe(entryLink(ENTRY));
    }
  });

  it('answer 410 Gone from 18.0', async () => {
    const { call } = await createHarness();
    for (const { path, token } of ENDPOINTS) {
      const response = await call('POST', path, { token, release: '18.0' });
      expect(response.status, path).toBe(410);
      expect((await response.json()).message, path).toMatch(/no longer supported from 18\.0; use runner authentication tokens/);
      expect(response.headers.get('link'), path).toBe(entryLink(ENTRY));
    }
  });

  it('replace the old registration token, which then no longer registers runners', async () => {
    const { call } = await createHarness({ release: '17.0' });
    const { token: fresh } = await (
      await call('POST', '/api/v4/runners/reset_registration_token', { token: 'demo-admin-token' })
    ).json();
    expect((await call('POST', '/api/v4/runners', { json: { token: 'demo-registration-token' } })).status).toBe(403);
    expect((await call('POST', '/api/v4/runners', { json: { token: fresh } })).status).toBe(201);
  });

  it('check the caller before 18.0: Maintainer for a project, Owner for a group, administrator for the instance', async () => {
    const { call } = await createHarness({ release: '17.0' });
    expect(
      (await call('POST', '/api/v4/projects/1/runners/reset_registration_token', { token: 'demo-developer-token' })).status,
    ).toBe(403);
    expect((await call('POST', '/api/v4/projects/1/runners/reset_registration_token', { token: 'demo-read-token' })).status).toBe(
      403,
    );
    expect(
      (await call('POST', '/api/v4/groups/10/runners/reset_registration_token', { token: 'demo-maintainer-token' })).status,
    ).toBe(403);
    expect((await call('POST', '/api/v4/runners/reset_registration_token', { token: 'demo-maintainer-token' })).status).toBe(403);
    expect((await call('POST', '/api/v4/runners/reset_registration_token')).status).toBe(401);
  });

  it('answer 404 for a project or group the token cannot see, before checking its scope', async () => {
    const { call } = await createHarness({ release: '17.0' });
    for (const path of [
      '/api/v4/projects/99/runners/reset_registration_token',
      '/api/v4/groups/99/runners/reset_registration_token',
    ]) {
      expect((await call('POST', path, { token: 'demo-read-token' })).status, path).toBe(404);
    }
  });
});
