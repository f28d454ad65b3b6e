/**
 * A fixed-window request counter per client: a window opens at a client's first request and lasts
 * `windowSeconds`; within it the client may make `requests` requests. Time comes from the injected clock.
 */
import type { Clock } from '../platform/clock.ts';

/** The outcome of counting one request. */
export interface RateLimitVerdict {
  allowed: boolean;
  /** Requests allowed per window. */
  limit: number;
  /** Requests left in the current window after this one. */
  remaining: number;
  /** Whole seconds until the window ends, at least 1. */
  resetSeconds: number;
}

/** A rate limiter. */
export interface RateLimiter {
  /** Counts a request by `client` and says whether it is within the limit. */
  take(client: string): RateLimitVerdict;
}

/** Creates a limiter of `requests` per `windowSeconds` per client. */
export function createRateLimiter(requests: number, windowSeconds: number, clock: Clock): RateLimiter {
  const windows = new Map<string, { endsAt: number; used: number }>();
  return {
    take(client) {
      const now = clock.now();
      let window = windows.get(client);
      if (!window || now >= window.endsAt) {
        window = { endsAt: now + windowSeconds * 1000, used: 0 };
        windows.set(client, window);
      }
      const allowed = window.used < requests;
      if (allowed) window.used += 1;
      return {
        allowed,
        limit: requests,
        remaining: requests - window.used,
        resetSeconds: Math.max(1, Math.ceil((window.endsAt - now) / 1000)),
      };
    },
  };
}
