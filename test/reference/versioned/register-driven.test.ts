/**
 * The behaviour comes from the register's data: changing a copy of the data changes the answers, with no
 * change to code.
 */
import { describe, expect, it } from 'vitest';
import type { VersionedRegister } from '../../../src/reference/versioned/versioned-behaviour.ts';
import type { Register } from '../../../src/register/index.ts';
import type { RegisterEntry } from '../../../src/schemas/register-entry.ts';
import { createHarness, entryLink, theRegister } from './harness.ts';

/** A copy of the register data with some entries changed. */
function edited(register: Register, change: (entry: RegisterEntry) => RegisterEntry): VersionedRegister {
  return {
    entries: register.entries.map((entry) => change(structuredClone(entry))),
    releases: register.releases,
    endpoints: register.endpoints,
    settings: register.settings,
  };
}

const withoutEnforcement = ({ enforcement: _dropped, ...entry }: RegisterEntry): RegisterEntry => entry;

describe('versioned behaviour is derived from register entries', () => {
  it('answers as usual, without headers, once the entries lose their enforcement data', async () => {
    const register = edited(await theRegister(), withoutEnforcement);
    const { call } = await createHarness({ register, release: '18.0' });
    const lint = await call('GET', '/api/v4/projects/1/ci/lint?ref=main&sha=abc', { token: 'demo-read-token' });
    expect(lint.status).toBe(200);
    expect(lint.headers.get('link')).toBeNull();
    expect((await call('POST', '/api/v4/runners', { json: { token: 'demo-registration-token' } })).status).toBe(201);
    const reset = await call('POST', '/api/v4/groups/10/runners/reset_registration_token', { token: 'demo-admin-token' });
    expect(reset.status).toBe(201);
    expect(reset.headers.get('deprecation')).toBeNull();
    for (let index = 0; index < 200; index += 1) {
      expect((await call('GET', '/api/v4/projects/1/ci/lint', { token: 'demo-read-token' })).status).toBe(200);
    }
  });

  it('drops only the rule whose data is removed', async () => {
    const register = edited(await theRegister(), (entry) =>
      entry.id === 'runner-registration-token-removed' ? withoutEnforcement(entry) : entry,
    );
    const { call } = await createHarness({ register, release: '18.0' });
    expect((await call('POST', '/api/v4/runners', { json: { token: 'demo-registration-token' } })).status).toBe(201);
    expect((await call('POST', '/api/v4/runners', { json: { token: 'demo-registration-token', paused: true } })).status).toBe(
      410,
    );
  });

  it('moves the removal with the entry release and dates the headers from it', async () => {
    const register = edited(await theRegister(), (entry) =>
      entry.id === 'ci-lint-ref-and-sha-blocked' ? { ...entry, removed_in: '19.0', announced_in: '18.0' } : entry,
    );
    const { call } = await createHarness({ register });
    const path = '/api/v4/projects/1/ci/lint?ref=main&sha=abc';
    const before = await call('GET', path, { token: 'demo-read-token', release: '17.0' });
    expect(before.status).toBe(200);
    expect(before.headers.get('deprecation')).toBeNull();
    const deprecated = await call('GET', path, { token: 'demo-read-token', release: '18.0' });
    expect(deprecated.status).toBe(200);
    expect(deprecated.headers.get('deprecation')).toBe('@1747267200');
    expect(deprecated.headers.get('sunset')).toBe('Thu, 21 May 2026 00:00:00 GMT');
    expect(deprecated.headers.get('link')).toBe(entryLink('ci-lint-ref-and-sha-blocked'));
    expect((await call('GET', path, { token: 'demo-read-token', release: '19.0' })).status).toBe(400);
  });

  it('applies the rate limit the data states', async () => {
    const register = edited(await theRegister(), (entry) =>
      entry.id === 'rate-limits-on-by-default'
        ? {
            ...entry,
            enforcement: [
              { kind: 'rate-limit', origin: 'reference', path_prefixes: ['/api/v4/groups'], requests: 2, window_seconds: 10 },
            ],
          }
        : entry,
    );
    const { call } = await createHarness({ register, release: '18.0' });
    const reset = () => call('POST', '/api/v4/groups/10/runners/reset_registration_token', { token: 'demo-admin-token' });
    expect((await reset()).status).toBe(410);
    expect((await reset()).status).toBe(410);
    const over = await reset();
    expect(over.status).toBe(429);
    expect(over.headers.get('ratelimit-limit')).toBe('2');
    expect(over.headers.get('retry-after')).toBe('10');
    for (let index = 0; index < 5; index += 1) {
      expect((await call('GET', '/api/v4/projects/1/ci/lint', { token: 'demo-admin-token' })).status).toBe(200);
    }
  });
});
