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
import type { Clock } from '../platform/clock.ts';
import { createRateLimiter } from './rate-limiter.ts';
import { type ReleaseChoice, reached } from './release-choice.ts';

/** A rate-limit rule with the entry it belongs to. */
export interface EntryRateLimit {
  entry: Pick<RegisterEntry, 'id' | 'removed_in'>;
  rule: RateLimitRule;
}

/** Who a request is counted against: its access token, else its address, else one shared anonymous client. */
export function rateLimitClient(request: Request): string {
  const token = request.headers.get('private-token') ?? request.headers.get('authorization');
  if (token?.trim()) return `token:${token.trim()}`;
  const address = request.headers.get('x-forwarded-for')?.split(',')[0]?.trim();
  return address ? `address:${address}` : 'anonymous';
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** One pattern for all of a rule's prefixes, so a request is counted once per rule. */
function prefixPattern(prefixes: readonly string[]): RegExp {
  return new RegExp(`^[^?#]*?(?:${prefixes.map(escapeRegExp).join('|')})(?:/[^?#]*)?$`);
}

/** The handlers for the rate limits; each falls through unless the release has the limit and it is exceeded. */
export function rateLimitHandlers(limits: readonly EntryRateLimit[], releases: ReleaseChoice, clock: Clock): HttpHandler[] {
  return limits.map(({ entry, rule }) => {
    const limiter = createRateLimiter(rule.requests, rule.window_seconds, clock);
    return http.all(prefixPattern(rule.path_prefixes), ({ request }) => {
      let release: string;
      try {
        release = releases.forRequest(request);
      } catch (error) {
        if (error instanceof ApiError) return errorResponse(error.status, error.message, error.headers);
        throw error;
      }
      if (!reached(release, entry.removed_in)) return undefined;
      const verdict = limiter.take(rateLimitClient(request));
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
}
