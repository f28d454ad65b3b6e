import { getResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { manualClock } from '../../../src/reference/platform/clock.ts';
import { demoFixtures, type Fixtures } from '../../../src/reference/platform/world.ts';
import { createReference } from '../../../src/reference/reference.ts';
import type { RateLimitRule } from '../../../src/schemas/enforcement-rule.ts';
import { BASE, buildRequest, theRegister } from './harness.ts';

/**
 * The 18.0 rate limit counts a person, not a credential: a user who holds two access tokens shares one
 * window between them, so a second token is no way around the limit.
 */
const SECOND_TOKEN = 'demo-maintainer-second-token';

/** The demo world, with a second `api` token for the maintainer (user 2). */
function worldWithTwoTokens(): Fixtures {
  const fixtures = demoFixtures();
  fixtures.tokens.push({ token: SECOND_TOKEN, userId: 2, scopes: ['api'] });
  return fixtures;
}

async function registerLimit(): Promise<RateLimitRule> {
  const rule = (await theRegister()).entry('rate-limits-on-by-default')?.enforcement?.find((item) => item.kind === 'rate-limit');
  if (rule?.kind !== 'rate-limit') throw new Error('the rate-limit entry has no rate-limit rule');
  return rule;
}

describe('the 18.0 rate limit, per user', () => {
  it('shares one window between two tokens of the same user, and keeps other users apart', async () => {
    const limit = await registerLimit();
    const reference = createReference({
      clock: manualClock('2025-06-02T09:00:00Z'),
      register: await theRegister(),
      release: '18.0',
      fixtures: worldWithTwoTokens(),
    });
    const call = async (token: string) => {
      const request = buildRequest(BASE, 'GET', '/api/v4/projects/1/error_tracking/client_keys', { token });
      return (await getResponse(reference.handlers, request))?.status;
    };
    // Half the allowance with each token: together they use it all up.
    const half = Math.ceil(limit.requests / 2);
    for (let index = 0; index < half; index += 1) expect(await call('demo-maintainer-token')).toBe(200);
    for (let index = half; index < limit.requests; index += 1) expect(await call(SECOND_TOKEN)).toBe(200);
    expect(await call(SECOND_TOKEN)).toBe(429);
    expect(await call('demo-maintainer-token')).toBe(429);
    // Another user still has a window of their own.
    expect(await call('demo-admin-token')).toBe(200);
  });
});
