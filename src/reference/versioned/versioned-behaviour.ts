/**
 * Versioned behaviour, derived from register entries: endpoints the register names answer as the release a
 * request picks would (see `enforcementRuleSchema`), and the rate limits it turns on apply from their
 * release. Takes the register as data, so it runs in the browser as in Node.
 */
import type { HttpHandler, PathParams } from 'msw';
import type { ApiEndpoint } from '../../schemas/api-endpoint.ts';
import type { RegisterEntry } from '../../schemas/register-entry.ts';
import type { ReleaseInfo } from '../../schemas/releases-file.ts';
import { answering, errorResponse } from '../platform/api-error.ts';
import type { Clock } from '../platform/clock.ts';
import type { RegisterLimit } from '../platform/reference-limits.ts';
import { demoFixtures, type Fixtures } from '../platform/world.ts';
import { type EntryRateLimit, rateLimitHandlers } from './rate-limit-handlers.ts';
import { nominalReleaseDate, type ReleaseCalendar } from './release-calendar.ts';
import { type ReleaseChoice, releaseChoice } from './release-choice.ts';
import { matchesRequest } from './request-match.ts';
import { decide, type EntryRule } from './versioned-decision.ts';

/** What the reference reads of an endpoint: where it is served. */
export type EndpointRoute = Pick<ApiEndpoint, 'id' | 'method' | 'path'>;

/** What the reference reads of a register entry: its id, releases and enforcement rules. */
export type EnforcedEntry = Pick<RegisterEntry, 'id' | 'removed_in' | 'announced_in' | 'enforcement'>;

/** The register data versioned behaviour reads. A loaded `Register` or the site's bundled data fits. */
export interface VersionedRegister {
  /** Entries as far as the reference reads them (see `EnforcedEntry`). */
  entries: readonly EnforcedEntry[];
  releases: readonly ReleaseInfo[];
  /** The endpoints' routes; the reference reads nothing else of them (see `EndpointRoute`). */
  endpoints: readonly EndpointRoute[];
  /** `site_url` is where entry pages are linked from `Link` headers. */
  settings?: { site_url: string };
  /** The register's limits; the reference enforces the figures of some (see `limitsFromRegister`). */
  limits?: readonly RegisterLimit[];
}

/** Options for {@link createVersionedBehaviour}. */
export interface VersionedOptions {
  /** The clock rate limits count with. */
  clock: Clock;
  /** The release answered as when a request sends no `X-Platform-Release`; the newest listed by default. */
  release?: string;
  /** Where entry pages are linked; the register's `site_url` by default, `''` for links on the answering host. */
  siteUrl?: string;
  /** Release dates for `Deprecation` and `Sunset`; the nominal calendar by default. */
  calendar?: ReleaseCalendar;
  /** The world whose tokens rate limits key users by; the demo world by default. */
  fixtures?: Fixtures;
}

/** What an endpoint answers when the register does not intervene. */
export type EndpointAnswer = (info: { request: Request; params: PathParams }) => Response | Promise<Response>;

/** Versioned behaviour over one register. */
export interface VersionedBehaviour {
  /** The release choice: accepted releases and the default. */
  releases: ReleaseChoice;
  /**
   * Wraps an endpoint's answer: the request is checked against the register's rules for `endpointId` and
   * rejected, answered with deprecation headers, or answered as usual.
   */
  endpoint(endpointId: string, answer: EndpointAnswer): EndpointAnswer;
  /** The rules the register gives an endpoint, with their entries. */
  rulesFor(endpointId: string): readonly EntryRule[];
  /** Rate-limit handlers; they must come before every other handler. */
  handlers: HttpHandler[];
  /** Rate-limit windows held now, over every limit. */
  rateLimitWindows(): number;
}

/** Indexes the register's enforcement rules and builds the behaviour. */
export function createVersionedBehaviour(register: VersionedRegister, options: VersionedOptions): VersionedBehaviour {
  const releases = releaseChoice(
    register.releases.map((info) => info.release),
    options.release,
  );
  const context = {
    calendar: options.calendar ?? nominalReleaseDate,
    siteUrl: options.siteUrl ?? register.settings?.site_url ?? '',
  };
  const byEndpoint = new Map<string, EntryRule[]>();
  const limits: EntryRateLimit[] = [];
  for (const entry of register.entries) {
    for (const rule of entry.enforcement ?? []) {
      if (rule.kind === 'rate-limit') {
        limits.push({ entry, rule });
        continue;
      }
      byEndpoint.set(rule.endpoint, [...(byEndpoint.get(rule.endpoint) ?? []), { entry, rule }]);
    }
  }
  const rulesFor = (endpointId: string) => byEndpoint.get(endpointId) ?? [];
  const rateLimits = rateLimitHandlers(limits, releases, options.clock, options.fixtures ?? demoFixtures());

  return {
    releases,
    rulesFor,
    handlers: rateLimits.handlers,
    rateLimitWindows: rateLimits.windows,
    endpoint: (endpointId, answer) => (info) =>
      answering(async () => {
        const release = releases.forRequest(info.request);
        const matched: EntryRule[] = [];
        for (const candidate of rulesFor(endpointId)) {
          if (await matchesRequest(candidate.rule.when, info.request)) matched.push(candidate);
        }
        const decision = decide(matched, release, context);
        if (decision.kind === 'reject') {
          return errorResponse(decision.status, decision.message, decision.headers);
        }
        const response = await answer(info);
        if (Object.keys(decision.headers).length === 0) return response;
        const headers = new Headers(response.headers);
        for (const [name, value] of Object.entries(decision.headers)) headers.set(name, value);
        return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
      }),
  };
}
