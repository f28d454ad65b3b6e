/**
 * Every endpoint that writes, sent by each role below the one it needs and with a token whose scope is below
 * the one it needs: 403 each time; the least role with the needed scope gets past the guard. Over real HTTP,
 * in a world with one user per role.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoFixtures, type Fixtures, ROLES, type Role } from '../../../src/reference/platform/world.ts';
import { theRegister } from '../versioned/harness.ts';
import { type HttpHost, startHost } from './http-host.ts';

/** The demo world's groups and projects, with one user per group role and one admin; each has api and read_api tokens. */
function roleWorld(): Fixtures {
  const world = demoFixtures();
  const users = [
    ...ROLES.map((role, index) => ({
      id: 100 + index,
      username: role,
      name: role,
      admin: false,
      groupRoles: { 10: role },
      projectRoles: {},
    })),
    { id: 200, username: 'admin', name: 'admin', admin: true, groupRoles: {}, projectRoles: {} },
  ];
  const tokens = users.flatMap((user) => [
    { token: `${user.username}-api`, userId: user.id, scopes: ['api' as const] },
    { token: `${user.username}-read`, userId: user.id, scopes: ['read_api' as const] },
  ]);
  return { ...world, users, tokens };
}

/** Who an endpoint needs: a role in the project's group, or an administrator. */
type Needs = { role: Role } | { admin: true };

interface WriteEndpoint {
  method: string;
  path: string;
  needs: Needs;
  body?: unknown;
}

/** Every writing endpoint of the reference, with what it needs (PROTOCOLS.md and the spec's permission tables). */
const WRITES: WriteEndpoint[] = [
  { method: 'PUT', path: '/api/v4/application/product_analytics/settings', needs: { admin: true }, body: {} },
  { method: 'PUT', path: '/api/v4/projects/1/product_analytics/settings', needs: { role: 'maintainer' }, body: {} },
  { method: 'DELETE', path: '/api/v4/projects/1/product_analytics/settings', needs: { role: 'maintainer' } },
  { method: 'POST', path: '/api/v4/projects/1/product_analytics/onboarding', needs: { role: 'maintainer' }, body: {} },
  { method: 'PATCH', path: '/api/v4/projects/1/error_tracking/settings', needs: { role: 'maintainer' }, body: { active: true } },
  { method: 'POST', path: '/api/v4/projects/1/error_tracking/client_keys', needs: { role: 'maintainer' } },
  { method: 'DELETE', path: '/api/v4/projects/1/error_tracking/client_keys/1', needs: { role: 'maintainer' } },
  {
    method: 'PUT',
    path: '/api/v4/projects/1/error_tracking/errors/1',
    needs: { role: 'developer' },
    body: { status: 'resolved' },
  },
  { method: 'POST', path: '/api/v4/projects/1/error_tracking/errors/1/issue', needs: { role: 'reporter' } },
  { method: 'POST', path: '/api/v4/runners', needs: { admin: true } },
  { method: 'POST', path: '/api/v4/runners/reset_registration_token', needs: { admin: true } },
  { method: 'POST', path: '/api/v4/projects/1/runners/reset_registration_token', needs: { role: 'maintainer' } },
  { method: 'POST', path: '/api/v4/groups/10/runners/reset_registration_token', needs: { role: 'owner' } },
];

let host: HttpHost;
beforeAll(async () => {
  // 17.0: before the runner endpoints were removed and before rate limits, so only access rules answer.
  host = await startHost({ register: await theRegister(), fixtures: roleWorld(), release: '17.0' });
});
afterAll(() => host.close());

const send = (endpoint: WriteEndpoint, token: string) =>
  fetch(`${host.base}${endpoint.path}`, {
    method: endpoint.method,
    headers: { 'PRIVATE-TOKEN': token, 'Content-Type': 'application/json' },
    body: endpoint.body === undefined ? undefined : JSON.stringify(endpoint.body),
  });

const below = (needs: Needs): Role[] => ('admin' in needs ? [...ROLES] : ROLES.slice(0, ROLES.indexOf(needs.role)));
const least = (needs: Needs): string => ('admin' in needs ? 'admin' : needs.role);

describe('write access over HTTP', () => {
  for (const endpoint of WRITES) {
    const name = `${endpoint.method} ${endpoint.path}`;
    it(`${name}: 403 for every role below ${least(endpoint.needs)} and for a read_api token`, async () => {
      for (const role of below(endpoint.needs)) {
        const response = await send(endpoint, `${role}-api`);
        expect(response.status, `${name} as ${role}`).toBe(403);
        expect(((await response.json()) as { message: string }).message).toMatch(/^403 Forbidden/);
      }
      const readOnly = await send(endpoint, `${least(endpoint.needs)}-read`);
      expect(readOnly.status, `${name} with read_api`).toBe(403);
      expect(((await readOnly.json()) as { message: string }).message).toMatch(/scope api|403 Forbidden/);
      // The guard lets the least allowed caller through (the answer may still refuse the body or a missing item).
      const allowed = await send(endpoint, `${least(endpoint.needs)}-api`);
      expect([401, 403], `${name} as ${least(endpoint.needs)}`).not.toContain(allowed.status);
    });
  }
});
