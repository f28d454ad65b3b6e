/**
 * The raw-export row limits and the error retention come from the register's limits (`number:` in
 * content/limits.yaml): change the figure in the register and the behaviour follows.
 */
import { getResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { manualClock } from '../../src/reference/platform/clock.ts';
import { LIMITS_WITHOUT_REGISTER, limitsFromRegister } from '../../src/reference/platform/reference-limits.ts';
import { createReference } from '../../src/reference/reference.ts';
import { loadRegister, type Register } from '../../src/register/index.ts';

const NOW = '2025-06-02T09:00:00Z';

/** The repository's register with some limit figures replaced. */
async function registerWith(numbers: Record<string, number>): Promise<Register> {
  const register = await loadRegister();
  return {
    ...register,
    limits: register.limits.map((limit) => (limit.id in numbers ? { ...limit, number: numbers[limit.id] } : limit)),
  };
}

const load = (handlers: Parameters<typeof getResponse>[0], query: unknown) =>
  getResponse(
    handlers,
    new Request('http://localhost/api/v4/projects/1/product_analytics/request/load', {
      method: 'POST',
      headers: { 'PRIVATE-TOKEN': 'demo-read-token', 'Content-Type': 'application/json', 'X-Platform-Release': '17.0' },
      body: JSON.stringify({ query }),
    }),
  );

describe('limits read from the register', () => {
  it('holds the figures used without a register equal to content/limits.yaml', async () => {
    expect(limitsFromRegister((await loadRegister()).limits)).toEqual(LIMITS_WITHOUT_REGISTER);
  });

  it('takes the raw-export default and maximum from the register', async () => {
    const register = await registerWith({ 'raw-export-rows-default': 3, 'raw-export-rows-maximum': 7 });
    const reference = createReference({ register, clock: manualClock(NOW), analytics: { sample: { users: 20, days: 5 } } });
    const rows = async (query: Record<string, unknown>) => {
      const response = await load(reference.handlers, { dimensions: ['TrackedEvents.utcTime'], ...query });
      return { status: response?.status, body: (await response?.json()) as { data?: unknown[]; message?: string } };
    };
    expect((await rows({})).body.data).toHaveLength(3);
    expect((await rows({ limit: 7 })).body.data).toHaveLength(7);
    const over = await rows({ limit: 8 });
    expect(over.status).toBe(400);
    expect(over.body.message).toMatch(/query\.limit: 8 is above the maximum of 7 rows per request/);
  });

  it('keeps errors for the register’s error-retention days', async () => {
    const clock = manualClock(NOW);
    const reference = createReference({ register: await registerWith({ 'error-retention': 2 }), clock });
    const key = reference.errors.state.keys.create(1);
    const send = () =>
      getResponse(
        reference.handlers,
        new Request('http://localhost/api/v4/error_tracking/collector/api/1/store/', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-Sentry-Auth': `Sentry sentry_key=${key.publicKey}` },
          body: JSON.stringify({ message: 'kept for two days' }),
        }),
      );
    expect((await send())?.status).toBe(200);
    expect(reference.errors.state.errors.size()).toBe(1);
    clock.advance(2 * 86_400_000 - 1);
    expect((await send())?.status).toBe(200);
    expect(reference.errors.state.errors.list(1)[0]?.occurrences).toHaveLength(2);
    clock.advance(2);
    expect((await send())?.status).toBe(200);
    // The first occurrence is now two days old and gone; the other two remain.
    expect(reference.errors.state.errors.list(1)[0]?.occurrences).toHaveLength(2);
  });

  it('refuses a register without a figure the reference needs, naming the limit', async () => {
    const register = await loadRegister();
    const without = register.limits.map((limit) => (limit.id === 'error-retention' ? { ...limit, number: undefined } : limit));
    expect(() => createReference({ register: { ...register, limits: without } })).toThrow(
      /limits\.yaml: limit "error-retention" needs a positive "number:"/,
    );
    expect(() => limitsFromRegister(register.limits.filter((limit) => limit.id !== 'raw-export-rows-maximum'))).toThrow(
      /needs the limit "raw-export-rows-maximum"/,
    );
  });
});
