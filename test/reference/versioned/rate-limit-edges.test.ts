import { getResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { manualClock } from '../../../src/reference/platform/clock.ts';
import { createReference } from '../../../src/reference/reference.ts';
import type { RateLimitRule } from '../../../src/schemas/enforcement-rule.ts';
import { theRegister } from './harness.ts';

/**
 * The edges of the 18.0 rate limit: who an anonymous caller is, which paths a prefix covers (as text, not
 * as a pattern), and what the 429 says.
 */
const ID = 'rate-limits-on-by-default';

async function limited(prefixes?: string[]) {
  const register = await theRegister();
  const entries = register.entries.map((entry) =>
    entry.id === ID && prefixes
      ? {
          ...entry,
          enforcement: entry.enforcement?.map((rule) =>
            rule.kind === 'rate-limit' ? { ...rule, path_prefixes: prefixes } : rule,
          ),
        }
      : entry,
  );
  const rule = register.entry(ID)?.enforcement?.find((item) => item.kind === 'rate-limit') as RateLimitRule;
  const reference = createReference({
    clock: manualClock('2025-06-02T09:00:00Z'),
    register: { ...register, entries },
    release: '18.0',
  });
  const call = async (path: string, headers: Record<string, string> = {}) =>
    getResponse(reference.handlers, new Request(`http://localhost:8787${path}`, { headers }));
  return { rule, call };
}

describe('the 18.0 rate limit at its edges', () => {
  it('counts callers with no token and no address as one, and an address by its first hop', async () => {
    const { rule, call } = await limited();
    const keys = '/api/v4/projects/1/error_tracking/client_keys';
    for (let index = 0; index < rule.requests; index += 1) expect((await call(keys))?.status).toBe(401);
    expect((await call(keys))?.status).toBe(429);
    for (let index = 0; index < rule.requests; index += 1)
      expect((await call(keys, { 'X-Forwarded-For': '192.0.2.7' }))?.status).toBe(401);
    expect((await call(keys, { 'X-Forwarded-For': ' 192.0.2.7 , 198.51.100.1' }))?.status).toBe(429);
  });

  it('says the limit, the window and every prefix it covers', async () => {
    const { rule, call } = await limited();
    for (let index = 0; index < rule.requests; index += 1) await call('/api/v4/users', { 'PRIVATE-TOKEN': 'demo-admin-token' });
    const over = await call('/api/v4/users', { 'PRIVATE-TOKEN': 'demo-admin-token' });
    expect(((await over?.json()) as { message?: string } | undefined)?.message).toBe(
      `429 Too Many Requests: more than ${rule.requests} requests in ${rule.window_seconds} seconds to paths under ${rule.path_prefixes.join(', ')}; retry after ${rule.window_seconds} seconds (rate limits are on by default from 18.0)`,
    );
    expect(rule.path_prefixes.length).toBeGreaterThan(1);
  });

  it('covers a prefix as written and the paths below it, not look-alikes', async () => {
    const { rule, call } = await limited(['/api/v4/a.b']);
    for (const path of ['/api/v4/aXb/1', '/api/v4/a.bc']) {
      for (let index = 0; index <= rule.requests; index += 1) expect(await call(path), path).toBeUndefined();
    }
    for (let index = 0; index < rule.requests; index += 1) expect(await call('/api/v4/a.b/1')).toBeUndefined();
    expect((await call('/api/v4/a.b?page=2'))?.status).toBe(429);
  });
});
