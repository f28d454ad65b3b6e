import { describe, expect, it } from 'vitest';
import type { RateLimitRule } from '../../../src/schemas/enforcement-rule.ts';
import { createHarness, theRegister } from './harness.ts';

/** The rate limit as the register states it, so the test follows the data. */
async function registerLimit(): Promise<RateLimitRule> {
  const entry = (await theRegister()).entry('rate-limits-on-by-default');
  const rule = entry?.enforcement?.find((candidate) => candidate.kind === 'rate-limit');
  if (rule?.kind !== 'rate-limit') throw new Error('the rate-limit entry has no rate-limit rule');
  return rule;
}

const LINT = '/api/v4/projects/1/ci/lint?content_ref=main';
const token = 'demo-read-token';

describe('rate limits on by default from 18.0', () => {
  it('answers 429 with RateLimit headers after the limit in 18.0, and again after the window', async () => {
    const limit = await registerLimit();
    const { call, clock } = await createHarness();
    for (let index = 0; index < limit.requests; index += 1) {
      expect((await call('GET', LINT, { token, release: '18.0' })).status).toBe(200);
    }
    clock.advance(15_000);
    const over = await call('GET', LINT, { token, release: '18.0' });
    expect(over.status).toBe(429);
    const reset = String(limit.window_seconds - 15);
    expect(Object.fromEntries([...over.headers].filter(([name]) => /^(ratelimit-|retry-after)/.test(name)))).toEqual({
      'ratelimit-limit': String(limit.requests),
      'ratelimit-remaining': '0',
      'ratelimit-reset': reset,
      'retry-after': reset,
    });
    expect((await over.json()).message).toMatch(
      new RegExp(
        `^429 Too Many Requests: more than ${limit.requests} requests in ${limit.window_seconds} seconds .*retry after ${reset} seconds`,
      ),
    );
    clock.advance(limit.window_seconds * 1000);
    expect((await call('GET', LINT, { token, release: '18.0' })).status).toBe(200);
  });

  it('does not limit a server answering as 17.x', async () => {
    const limit = await registerLimit();
    const { call } = await createHarness({ release: '17.9' });
    for (let index = 0; index < limit.requests + 5; index += 1) {
      const response = await call('GET', LINT, { token });
      expect(response.status).toBe(200);
      expect(response.headers.get('ratelimit-limit')).toBeNull();
    }
  });

  it('cannot be lifted by a request that picks an earlier release with X-Platform-Release', async () => {
    const limit = await registerLimit();
    const { call } = await createHarness({ release: '18.0' });
    for (let index = 0; index < limit.requests; index += 1) expect((await call('GET', LINT, { token })).status).toBe(200);
    for (const release of ['17.0', '17.9', '18.0']) {
      const response = await call('GET', LINT, { token, release });
      expect(response.status, release).toBe(429);
    }
    // A request may pick a later release, and is limited as it would be there.
    const early = await createHarness({ release: '17.0' });
    for (let index = 0; index < limit.requests; index += 1) await early.call('GET', LINT, { token, release: '18.0' });
    expect((await early.call('GET', LINT, { token, release: '18.0' })).status).toBe(429);
  });

  it('counts each access token on its own', async () => {
    const limit = await registerLimit();
    const { call } = await createHarness({ release: '18.0' });
    for (let index = 0; index < limit.requests; index += 1) await call('GET', LINT, { token });
    expect((await call('GET', LINT, { token })).status).toBe(429);
    expect((await call('GET', LINT, { token: 'demo-admin-token' })).status).toBe(200);
  });

  it('covers the error-tracking and analytics endpoints under the project prefix but not the runner endpoints', async () => {
    const limit = await registerLimit();
    const { call } = await createHarness({ release: '18.0' });
    const keys = '/api/v4/projects/1/error_tracking/client_keys';
    for (let index = 0; index < limit.requests; index += 1) {
      expect((await call('GET', keys, { token: 'demo-maintainer-token' })).status).toBe(200);
    }
    expect((await call('GET', keys, { token: 'demo-maintainer-token' })).status).toBe(429);
    const load = await call('POST', '/api/v4/projects/1/product_analytics/request/load', {
      token: 'demo-maintainer-token',
      json: { query: { measures: ['TrackedEvents.count'] } },
    });
    expect(load.status).toBe(429);
    for (let index = 0; index < limit.requests + 1; index += 1) {
      expect((await call('POST', '/api/v4/runners', { token: 'demo-admin-token' })).status).toBe(201);
    }
  });

  it('rejects an unknown release on a rate-limited path with a 400', async () => {
    const { call } = await createHarness();
    const response = await call('GET', '/api/v4/projects/1/error_tracking/client_keys', { token, release: '18' });
    expect(response.status).toBe(400);
    expect((await response.json()).message).toMatch(/X-Platform-Release "18" is not a release/);
  });

  it('counts the user behind a token, whichever header or spelling carries it', async () => {
    const limit = await registerLimit();
    const { call } = await createHarness({ release: '18.0' });
    const spellings: Record<string, string>[] = [
      { 'PRIVATE-TOKEN': 'demo-read-token' },
      { 'PRIVATE-TOKEN': '  demo-read-token ' },
      { Authorization: 'Bearer demo-read-token' },
      { Authorization: 'bearer   demo-read-token' },
      { Authorization: 'demo-read-token' },
    ];
    for (let index = 0; index < limit.requests; index += 1) {
      const headers = spellings[index % spellings.length];
      expect((await call('GET', LINT, { headers })).status).toBe(200);
    }
    for (const headers of spellings) expect((await call('GET', LINT, { headers })).status, JSON.stringify(headers)).toBe(429);
  });

  it('counts anonymous and invalid callers by client address, one window each', async () => {
    const limit = await registerLimit();
    const { call } = await createHarness({ release: '18.0' });
    const from = (address: string, token?: string) => ({ headers: { 'X-Forwarded-For': address }, token });
    for (let index = 0; index < limit.requests; index += 1) {
      expect((await call('GET', LINT, from('203.0.113.1', index % 2 ? `bad-${index}` : undefined))).status).toBe(401);
    }
    expect((await call('GET', LINT, from('203.0.113.1'))).status).toBe(429);
    expect((await call('GET', LINT, from('203.0.113.1', 'another-bad-token'))).status).toBe(429);
    expect((await call('GET', LINT, from('203.0.113.2'))).status).toBe(401);
    // A valid token from the exhausted address is counted against its user, not the address.
    expect((await call('GET', LINT, from('203.0.113.1', 'demo-read-token'))).status).toBe(200);
  });

  it('keeps one window for 20,000 distinct bad tokens from one address, and frees windows once they end', async () => {
    const limit = await registerLimit();
    const { call, clock, reference } = await createHarness({ release: '18.0' });
    const windows = () => reference.versioned?.behaviour.rateLimitWindows() ?? Number.NaN;
    for (let index = 0; index < 20_000; index += 1) {
      await call('GET', LINT, { token: `bad-token-${index}`, headers: { 'X-Forwarded-For': '198.51.100.7' } });
    }
    expect(windows()).toBe(1);
    // 3,000 addresses each open a window; once those have ended, new clients sweep them away.
    for (let index = 0; index < 3000; index += 1)
      await call('GET', LINT, { headers: { 'X-Forwarded-For': `10.0.${index >> 8}.${index & 255}` } });
    expect(windows()).toBe(3001);
    clock.advance(limit.window_seconds * 1000);
    for (let index = 0; index < 10; index += 1) await call('GET', LINT, { headers: { 'X-Forwarded-For': `10.1.0.${index}` } });
    expect(windows()).toBe(10);
  }, 60_000);
});
