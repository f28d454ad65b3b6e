import { describe, expect, it } from 'vitest';
import { manualClock } from '../../../src/reference/platform/clock.ts';
import { createRateLimiter } from '../../../src/reference/versioned/rate-limiter.ts';

describe('the fixed-window rate limiter', () => {
  it('allows the limit within a window and refuses the next request with the seconds left', () => {
    const clock = manualClock('2025-06-02T09:00:00Z');
    const limiter = createRateLimiter(3, 60, clock);
    expect(limiter.take('a')).toEqual({ allowed: true, limit: 3, remaining: 2, resetSeconds: 60 });
    limiter.take('a');
    clock.advance(20_500);
    expect(limiter.take('a')).toEqual({ allowed: true, limit: 3, remaining: 0, resetSeconds: 40 });
    expect(limiter.take('a')).toEqual({ allowed: false, limit: 3, remaining: 0, resetSeconds: 40 });
  });

  it('opens a new window once the old one has ended', () => {
    const clock = manualClock(0);
    const limiter = createRateLimiter(1, 10, clock);
    limiter.take('a');
    clock.advance(9_999);
    expect(limiter.take('a').allowed).toBe(false);
    expect(limiter.take('a').resetSeconds).toBe(1);
    clock.advance(1);
    expect(limiter.take('a')).toEqual({ allowed: true, limit: 1, remaining: 0, resetSeconds: 10 });
  });

  it('counts each client on its own', () => {
    const limiter = createRateLimiter(1, 10, manualClock(0));
    expect(limiter.take('a').allowed).toBe(true);
    expect(limiter.take('a').allowed).toBe(false);
    expect(limiter.take('b').allowed).toBe(true);
  });

  it('drops ended windows as new ones open, so it holds only the clients of one window', () => {
    const clock = manualClock(0);
    const limiter = createRateLimiter(1, 10, clock);
    for (let index = 0; index < 5000; index += 1) limiter.take(`old-${index}`);
    expect(limiter.size()).toBe(5000);
    clock.advance(10_000);
    limiter.take('new');
    expect(limiter.size()).toBe(1);
    expect(limiter.take('old-1')).toMatchObject({ allowed: true, remaining: 0 });
  });
});
