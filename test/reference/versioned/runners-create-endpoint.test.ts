import { describe, expect, it } from 'vitest';
import { createHarness, entryLink } from './harness.ts';

const RUNNERS = '/api/v4/runners';
const registration = { token: 'demo-registration-token' };

describe('POST /api/v4/runners by release', () => {
  it('registers with a registration token in 17.x and marks the request deprecated by the token entry', async () => {
    const { call } = await createHarness();
    const response = await call('POST', RUNNERS, { release: '17.0', json: registration });
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ id: 1, token: 'demo-runner-authentication-token-1', token_expires_at: null });
    expect(response.headers.get('deprecation')).toMatch(/^@\d+$/);
    expect(response.headers.get('sunset')).toBe('Thu, 15 May 2025 00:00:00 GMT');
    expect(response.headers.get('link')).toBe(entryLink('runner-registration-token-removed'));
  });

  it('links both entries when registration arguments come with the token', async () => {
    const { call } = await createHarness();
    const response = await call('POST', RUNNERS, {
      release: '17.9',
      json: { ...registration, tag_list: ['docker'], paused: true },
    });
    expect(response.status).toBe(201);
    const links = response.headers.get('link')?.split(', ');
    expect(links).toEqual([entryLink('runner-register-arguments-removed'), entryLink('runner-registration-token-removed')]);
  });

  it('answers a registration token with 410 Gone from 18.0, in a JSON or a form body', async () => {
    const { call } = await createHarness();
    const json = await call('POST', RUNNERS, { release: '18.0', json: registration });
    expect(json.status).toBe(410);
    expect((await json.json()).message).toMatch(/^410 Gone: runner registration tokens are no longer supported/);
    const form = await call('POST', RUNNERS, {
      release: '18.0',
      body: new URLSearchParams({ token: 'demo-registration-token' }),
    });
    expect(form.status).toBe(410);
    expect(form.headers.get('link')).toBe(entryLink('runner-registration-token-removed'));
  });

  it('answers registration arguments with 410 Gone from 18.0 even with an access token', async () => {
    const { call } = await createHarness();
    const response = await call('POST', RUNNERS, { release: '18.0', token: 'demo-admin-token', json: { maintenance_note: 'x' } });
    expect(response.status).toBe(410);
    expect((await response.json()).message).toMatch(/maintenance_note are no longer supported from 18\.0/);
  });

  it('creates a runner with an administrator access token in 18.0, without deprecation headers', async () => {
    const { call } = await createHarness();
    const response = await call('POST', RUNNERS, { release: '18.0', token: 'demo-admin-token' });
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ id: 1, token: 'demo-runner-authentication-token-1', token_expires_at: null });
    expect(response.headers.get('deprecation')).toBeNull();
  });

  it('refuses an unknown registration token, a non-administrator and a request without any token', async () => {
    const { call } = await createHarness();
    const unknown = await call('POST', RUNNERS, { release: '17.0', json: { token: 'guess' } });
    expect(unknown.status).toBe(403);
    expect((await unknown.json()).message).toMatch(/registration token is not valid/);
    const developer = await call('POST', RUNNERS, { release: '18.0', token: 'demo-developer-token' });
    expect(developer.status).toBe(403);
    expect((await developer.json()).message).toMatch(/creating an instance runner needs an administrator/);
    expect((await call('POST', RUNNERS, { release: '18.0' })).status).toBe(401);
    const broken = await call('POST', RUNNERS, {
      release: '17.0',
      body: '{"token":',
      headers: { 'content-type': 'application/json' },
    });
    expect(broken.status).toBe(400);
    expect((await broken.json()).message).toMatch(/not valid JSON/);
  });
});
