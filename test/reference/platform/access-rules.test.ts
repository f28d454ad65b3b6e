import { getResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { manualClock } from '../../../src/reference/platform/clock.ts';
import { demoFixtures, type Fixtures } from '../../../src/reference/platform/world.ts';
import { createReference } from '../../../src/reference/reference.ts';
import { loadRegister } from '../../../src/register/index.ts';

/**
 * Who may do what in the reference implementation, through its handlers as a client calls them: how a
 * token is read, the order of the checks (token 401, project or group 404, scope 403, role 403), the
 * higher of a user's project and group role, and what each refusal says.
 */
const register = await loadRegister();

/** The demo world plus users the demo lacks: one with no role, one whose project role outranks its group role and the reverse, and a token of no user. */
function world(): Fixtures {
  const fixtures = demoFixtures();
  fixtures.users.push(
    { id: 20, username: 'outsider', name: 'Outsider', admin: false, groupRoles: {}, projectRoles: {} },
    {
      id: 21,
      username: 'project-lead',
      name: 'Project lead',
      admin: false,
      groupRoles: { 10: 'reporter' },
      projectRoles: { 1: 'maintainer' },
    },
    {
      id: 22,
      username: 'group-lead',
      name: 'Group lead',
      admin: false,
      groupRoles: { 10: 'maintainer' },
      projectRoles: { 1: 'reporter' },
    },
  );
  fixtures.tokens.push(
    { token: 'outsider-token', userId: 20, scopes: ['api'] },
    { token: 'project-lead-token', userId: 21, scopes: ['api'] },
    { token: 'group-lead-token', userId: 22, scopes: ['api'] },
    { token: 'orphan-token', userId: 99, scopes: ['api'] },
    { token: 'two-scope-token', userId: 2, scopes: ['read_api', 'read_repository' as never] },
  );
  return fixtures;
}

const reference = createReference({ clock: manualClock('2025-06-02T09:00:00Z'), register, release: '17.9', fixtures: world() });

async function call(method: string, path: string, headers: Record<string, string> = {}) {
  const response = await getResponse(reference.handlers, new Request(`http://localhost:8787${path}`, { method, headers }));
  if (!response) throw new Error(`no handler for ${method} ${path}`);
  const text = await response.text();
  return { status: response.status, message: text ? ((JSON.parse(text) as { message?: string }).message ?? text) : '' };
}
const KEYS = '/api/v4/projects/1/error_tracking/client_keys';
const QUOTA = '/api/v4/groups/10/product_analytics/usage_quota';
const GROUP_RESET = '/api/v4/groups/10/runners/reset_registration_token';

describe('reading the token', () => {
  it('takes PRIVATE-TOKEN, or Authorization with or without a leading Bearer, and nothing else', async () => {
    expect((await call('GET', KEYS, { 'PRIVATE-TOKEN': 'demo-maintainer-token' })).status).toBe(200);
    expect((await call('GET', KEYS, { Authorization: 'Bearer demo-maintainer-token' })).status).toBe(200);
    expect((await call('GET', KEYS, { Authorization: 'bearer   demo-maintainer-token' })).status).toBe(200);
    expect((await call('GET', KEYS, { Authorization: 'demo-maintainer-token' })).status).toBe(200);
    expect(await call('GET', KEYS, { Authorization: 'demo-Bearer maintainer-token' })).toEqual({
      status: 401,
      message: '401 Unauthorized: the access token is not valid',
    });
    expect(await call('GET', KEYS)).toEqual({
      status: 401,
      message: '401 Unauthorized: send an access token in the PRIVATE-TOKEN header',
    });
  });

  it('refuses a token whose user does not exist', async () => {
    expect(await call('GET', KEYS, { 'PRIVATE-TOKEN': 'orphan-token' })).toEqual({
      status: 401,
      message: '401 Unauthorized: the access token is not valid',
    });
  });
});

describe('a project', () => {
  it('is hidden (404) from a user with no role in it, before scope or role is looked at', async () => {
    expect(await call('GET', KEYS, { 'PRIVATE-TOKEN': 'outsider-token' })).toEqual({
      status: 404,
      message: '404 Project Not Found: no project with id 1 that this token can see',
    });
  });

  it('is open to the higher of the user’s project role and group role', async () => {
    expect((await call('POST', KEYS, { 'PRIVATE-TOKEN': 'project-lead-token' })).status).toBe(201);
    expect((await call('POST', KEYS, { 'PRIVATE-TOKEN': 'group-lead-token' })).status).toBe(201);
    expect(await call('POST', KEYS, { 'PRIVATE-TOKEN': 'demo-developer-token' })).toEqual({
      status: 403,
      message: '403 Forbidden: this action needs at least the maintainer role in the project or its group; you have developer',
    });
  });

  it('says which scope the action needs and every scope the token has', async () => {
    expect(await call('POST', KEYS, { 'PRIVATE-TOKEN': 'two-scope-token' })).toEqual({
      status: 403,
      message: '403 Forbidden: this action needs a token with scope api; the token has read_api, read_repository',
    });
  });
});

describe('a group', () => {
  it('is found by id or by path, and hidden (404) from a user with no role in it', async () => {
    expect((await call('GET', QUOTA, { 'PRIVATE-TOKEN': 'demo-maintainer-token' })).status).toBe(200);
    expect(
      (await call('GET', '/api/v4/groups/demo-group/product_analytics/usage_quota', { 'PRIVATE-TOKEN': 'demo-maintainer-token' }))
        .status,
    ).toBe(200);
    expect(await call('GET', QUOTA, { 'PRIVATE-TOKEN': 'outsider-token' })).toEqual({
      status: 404,
      message: '404 Group Not Found: no group 10 that this token can see',
    });
    expect(
      (await call('GET', '/api/v4/groups/99/product_analytics/usage_quota', { 'PRIVATE-TOKEN': 'demo-admin-token' })).message,
    ).toBe('404 Group Not Found: no group 99 that this token can see');
  });

  it('needs the group role, and says which the user has', async () => {
    expect(await call('GET', QUOTA, { 'PRIVATE-TOKEN': 'demo-developer-token' })).toEqual({
      status: 403,
      message: '403 Forbidden: this action needs at least the maintainer role in the group; you have developer',
    });
    expect((await call('GET', QUOTA, { 'PRIVATE-TOKEN': 'demo-admin-token' })).status).toBe(200);
  });

  it('checks token, group, scope and role in that order on the group runners endpoint', async () => {
    expect((await call('POST', GROUP_RESET)).status).toBe(401);
    expect((await call('POST', GROUP_RESET, { 'PRIVATE-TOKEN': 'outsider-token' })).status).toBe(404);
    expect(await call('POST', GROUP_RESET, { 'PRIVATE-TOKEN': 'demo-read-token' })).toEqual({
      status: 403,
      message: '403 Forbidden: this action needs a token with scope api; the token has read_api',
    });
    expect(await call('POST', GROUP_RESET, { 'PRIVATE-TOKEN': 'demo-maintainer-token' })).toEqual({
      status: 403,
      message: '403 Forbidden: this action needs at least the owner role in the group; you have maintainer',
    });
    expect((await call('POST', GROUP_RESET, { 'PRIVATE-TOKEN': 'demo-admin-token' })).status).toBeLessThan(300);
  });
});
