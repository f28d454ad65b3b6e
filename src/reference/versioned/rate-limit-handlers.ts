/**
 * Rate limits the register turns on (`kind: rate-limit` rules), as MSW handlers placed before every other
 * handler. Each counts the requests under its path prefixes and answers 429 over the limit; otherwise it
 * falls through (returns nothing) and the endpoint's own handler answers. The 429 headers
 * `RateLimit-Limit`, `RateLimit-Remaining`, `RateLimit-Reset` and `Retry-After` are reference design: the
 * spec says only "additional rate-limit headers".
 */
import { type HttpHandler, http } from 'msw';
import type { RateLimitRule } from '../../schemas/enforcement-rule.ts';
import type { RegisterEntry } from '../../schemas/register-entry.ts';
import { ApiError, errorResponse } from '../platform/api-error.ts';
import { principalOf, sentToken } from '../platform/auth.ts';
import type { Clock } from '../platform/clock.ts';
import type { Fixtures } from '../platform/world.ts';
import { createRateLimiter, type RateLimiter } from './rate-limiter.ts';
import { type ReleaseChoice, reached } from './release-choice.ts';

/** A rate-limit rule with the entry it belongs to. */
export interface EntryRateLimit {
  entry: Pick<RegisterEntry, 'id' | 'removed_in'>;
  rule: RateLimitRule;
}

/**
 * Who a request is counted against: the user behind an accepted token (whichever header and spelling carries
 * it), else the client's address (`X-Forwarded-For`, which the local host sets from the socket), so callers
 * without a token or with an invalid one cannot open a window per made-up token.
 */
export function rateLimitClient(request: Request, fixtures: Fixtures): string {
  const token = sentToken(request);
  const principal = token === undefined ? undefined : principalOf(token, fixtures);
  if (principal) return `user:${principal.user.id}`;
  const address = request.headers.get('x-forwarded-for')?.split(',')[0]?.trim();
  return `address:${address || 'unknown'}`;
}

/** The rate-limit handlers, and how many windows their limiters hold (to show the count stays bounded). */
export interface RateLimitHandlers {
  handlers: HttpHandler[];
  windows(): number;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** One pattern for all of a rule's prefixes, so a request is counted once per rule. */
function prefixPattern(prefixes: readonly string[]): RegExp {
  return new RegExp(`^[^?#]*?(?:${prefixes.map(escapeRegExp).join('|')})(?:/[^?#]*)?$`);
}

/**
 * The handlers for the rate limits; each falls through unless the limit is on (from its release, by the
 * server's release or the one the request picks) and exceeded.
 */
export function rateLimitHandlers(
  limits: readonly EntryRateLimit[],
  releases: ReleaseChoice,
  clock: Clock,
  fixtures: Fixtures,
): RateLimitHandlers {
  const limiters = limits.map(({ rule }) => createRateLimiter(rule.requests, rule.window_seconds, clock));
  const handlers = limits.map(({ entry, rule }, index) => {
    const limiter = limiters[index] as RateLimiter;
    return http.all(prefixPattern(rule.path_prefixes), ({ request }) => {
      let release: string;
      try {
        release = releases.forRequest(request);
      } catch (error) {
        if (error instanceof ApiError) return errorResponse(error.status, error.message, error.headers);
        throw error;
      }
      // The server's own release decides whether the limit is on: a request may pick a later release (and be
      // limited as it would be there), but picking an earlier one must not lift a limit the server has.
      if (!reached(releases.fallback, entry.removed_in) && !reached(release, entry.removed_in)) return undefined;
      const verdict = limiter.take(rateLimitClient(request, fixtures));
      if (verdict.allowed) return undefined;
      const seconds = String(verdict.resetSeconds);
      return errorResponse(
        429,
        `429 Too Many Requests: more than ${rule.requests} requests in ${rule.window_seconds} seconds to paths under ${rule.path_prefixes.join(', ')}; retry after ${seconds} seconds (rate limits are on by default from ${entry.removed_in})`,
        {
          'RateLimit-Limit': String(verdict.limit),
          'RateLimit-Remaining': String(verdict.remaining),
          'RateLimit-Reset': seconds,
          'Retry-After': seconds,
        },
      );
    });
  });
  return { handlers, windows: () => limiters.reduce((sum, limiter) => sum + limiter.size(), 0) };
}
