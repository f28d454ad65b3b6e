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
  /** Windows held now: open ones, plus ended ones not yet swept. */
  size(): number;
}

/**
 * Creates a limiter of `requests` per `windowSeconds` per client. Each time a window opens, the windows that
 * have ended are dropped from the front of the map (it is ordered by end time), so it holds only the clients
 * seen within one window, however many send requests; each window is dropped once, so the cost stays constant.
 */
export function createRateLimiter(requests: number, windowSeconds: number, clock: Clock): RateLimiter {
  // Every window lasts as long, so opening order is end order: the ended windows are at the front.
  const windows = new Map<string, { endsAt: number; used: number }>();
  const sweep = (now: number) => {
    for (const [client, window] of windows) {
      if (window.endsAt > now) break;
      windows.delete(client);
    }
  };
  return {
    size: () => windows.size,
    take(client) {
      const now = clock.now();
      let window = windows.get(client);
      if (!window || now >= window.endsAt) {
        sweep(now);
        window = { endsAt: now + windowSeconds * 1000, used: 0 };
        // Delete first so a reopened window moves to the back, keeping the map ordered by end time.
        windows.delete(client);
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
