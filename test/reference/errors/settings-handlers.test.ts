import { describe, expect, it } from 'vitest';
import { createHarness, exceptionEvent } from './harness.ts';

const settingsPath = (projectId: number) => `/api/v4/projects/${projectId}/error_tracking/settings`;

describe('error-tracking enablement', () => {
  it('is on for demo-app and off for docs-site', async () => {
    const { call } = createHarness();
    const token = 'demo-maintainer-token';
    expect(await (await call('GET', settingsPath(1), { token })).json()).toEqual({
      project_id: 1,
      active: true,
      backend: 'platform',
    });
    expect(await (await call('GET', settingsPath(2), { token })).json()).toEqual({
      project_id: 2,
      active: false,
      backend: 'platform',
    });
  });

  it('refuses ingestion for a project where it is off, and accepts it once set to Active', async () => {
    const { call, createKey, sendEvent, reference } = createHarness();
    const key = await createKey(2);
    const refused = await sendEvent(key.public_key, exceptionEvent('TypeError', 'f'), 2);
    expect(refused.status).toBe(403);
    expect((await refused.json()).message).toMatch(/^error tracking is off for project 2: set Enable error tracking to Active/);
    expect(reference.errors.state.errors.size()).toBe(0);

    const enabled = await call('PATCH', settingsPath(2), {
      token: 'demo-maintainer-token',
      body: JSON.stringify({ active: true }),
    });
    expect(await enabled.json()).toEqual({ project_id: 2, active: true, backend: 'platform' });
    expect((await sendEvent(key.public_key, exceptionEvent('TypeError', 'f'), 2)).status).toBe(200);
  });

  it('refuses ingestion when the backend is external', async () => {
    const { call, createKey, sendEvent } = createHarness();
    const key = await createKey(1);
    await call('PATCH', settingsPath(1), { token: 'demo-admin-token', body: JSON.stringify({ backend: 'external' }) });
    expect((await sendEvent(key.public_key, exceptionEvent('TypeError', 'f'))).status).toBe(403);
  });

  it('needs a Maintainer, and scope api to change', async () => {
    const { call } = createHarness();
    expect((await call('GET', settingsPath(1), { token: 'demo-developer-token' })).status).toBe(403);
    expect((await call('GET', settingsPath(1), { token: 'demo-read-token' })).status).toBe(200);
    const body = JSON.stringify({ active: false });
    expect((await call('PATCH', settingsPath(1), { token: 'demo-read-token', body })).status).toBe(403);
    expect((await call('PATCH', settingsPath(1), { body })).status).toBe(401);
  });

  it('answers a bad update with a 400 naming the field', async () => {
    const { call } = createHarness();
    const response = await call('PATCH', settingsPath(1), { token: 'demo-admin-token', body: '{"active":"on"}' });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      message: 'active must be true or false; got "on"',
      error: 'active must be true or false; got "on"',
    });
  });
});
