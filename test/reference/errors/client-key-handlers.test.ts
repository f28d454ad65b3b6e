import { describe, expect, it } from 'vitest';
import { createHarness, exceptionEvent } from './harness.ts';

const KEYS = '/api/v4/projects/1/error_tracking/client_keys';

describe('client key endpoints (spec endpoints 2–4)', () => {
  it('creates a key whose DSN is built from the address the request came in on', async () => {
    const { createKey } = createHarness();
    expect(await createKey()).toEqual({
      id: 1,
      active: true,
      public_key: '00000000000000000000000000000001',
      sentry_dsn: 'http://00000000000000000000000000000001@localhost:8787/api/v4/error_tracking/collector/1',
    });
  });

  it('lists the keys of the project', async () => {
    const { createKey, call } = createHarness();
    const a = await createKey();
    const b = await createKey();
    await createKey(2);
    const response = await call('GET', KEYS, { token: 'demo-admin-token' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual([a, b]);
  });

  it('answers 401 without a token or with a bad one', async () => {
    const { call } = createHarness();
    for (const [method, path] of [
      ['POST', KEYS],
      ['GET', KEYS],
      ['DELETE', `${KEYS}/1`],
    ] as const) {
      const none = await call(method, path);
      expect(none.status).toBe(401);
      expect((await none.json()).message).toMatch(/send an access token in the PRIVATE-TOKEN header/);
      expect((await call(method, path, { token: 'nope' })).status).toBe(401);
    }
  });

  it('answers 403 for a token without scope api and for a role below Maintainer', async () => {
    const { call } = createHarness();
    for (const [method, path] of [
      ['POST', KEYS],
      ['GET', KEYS],
      ['DELETE', `${KEYS}/1`],
    ] as const) {
      const readOnly = await call(method, path, { token: 'demo-read-token' });
      expect(readOnly.status).toBe(403);
      expect((await readOnly.json()).message).toMatch(/needs a token with scope api; the token has read_api/);
      const developer = await call(method, path, { token: 'demo-developer-token' });
      expect(developer.status).toBe(403);
      expect((await developer.json()).message).toMatch(/needs at least the maintainer role .*; you have developer/);
    }
  });

  it('answers 404 for an unknown key id, a key of another project and an unknown project', async () => {
    const { call, createKey } = createHarness();
    const other = await createKey(2);
    const token = 'demo-maintainer-token';
    const unknown = await call('DELETE', `${KEYS}/99`, { token });
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).message).toBe(
      '404 Client Key Not Found: project 1 has no client key 99; list the keys to find its id',
    );
    expect((await call('DELETE', `${KEYS}/${other.id}`, { token })).status).toBe(404);
    expect((await call('DELETE', `${KEYS}/abc`, { token })).status).toBe(404);
    expect((await call('GET', '/api/v4/projects/77/error_tracking/client_keys', { token })).status).toBe(404);
  });

  it('rotates a key: create, list, delete the old one; the old DSN is refused at once and the new one works', async () => {
    const { call, createKey, sendEvent } = createHarness();
    const token = 'demo-maintainer-token';
    const old = await createKey();
    expect((await sendEvent(old.public_key, exceptionEvent('TypeError', 'f'))).status).toBe(200);

    const fresh = await createKey();
    const listed = await (await call('GET', KEYS, { token })).json();
    expect(listed.map((key: { id: number }) => key.id)).toEqual([old.id, fresh.id]);
    const deleted = await call('DELETE', `${KEYS}/${old.id}`, { token });
    expect(deleted.status).toBe(204);

    const refused = await sendEvent(old.public_key, exceptionEvent('TypeError', 'f'));
    expect(refused.status).toBe(401);
    expect((await refused.json()).message).toBe('the client key is unknown or was deleted; configure the SDK with a current DSN');
    expect((await sendEvent(fresh.public_key, exceptionEvent('TypeError', 'f'))).status).toBe(200);
    expect(await (await call('GET', KEYS, { token })).json()).toEqual([fresh]);
  });
});
