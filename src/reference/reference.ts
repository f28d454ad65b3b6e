import type { HttpHandler } from 'msw';
import { type AnalyticsModule, type AnalyticsOptions, createAnalyticsModule } from './analytics/module.ts';
import { createErrorTrackingModule, type ErrorTrackingModule, type ErrorTrackingOptions } from './errors/module.ts';
import { type Clock, systemClock } from './platform/clock.ts';
import type { PlatformContext } from './platform/context.ts';
import { LIMITS_WITHOUT_REGISTER, limitsFromRegister } from './platform/reference-limits.ts';
import { demoFixtures, type Fixtures } from './platform/world.ts';
import { createRestModule, type RestModule } from './rest/rest-module.ts';
import { createVersionedBehaviour, type VersionedBehaviour, type VersionedRegister } from './versioned/versioned-behaviour.ts';

/** One running reference implementation: the world, its modules, and the MSW handlers over them. */
export interface Reference {
  platform: PlatformContext;
  analytics: AnalyticsModule;
  errors: ErrorTrackingModule;
  /** Versioned behaviour and the REST endpoints the register names; only when a register is given. */
  versioned?: { behaviour: VersionedBehaviour; rest: RestModule };
  /** Every handler, for `setupServer`, `setupWorker` or the local HTTP server. */
  handlers: HttpHandler[];
}

/** Options for {@link createReference}. */
export interface ReferenceOptions {
  /** The clock; the system clock by default. */
  clock?: Clock;
  /** The world (groups, projects, users, tokens); the demo world by default. */
  fixtures?: Fixtures;
  /** Options of the analytics module (fixture repositories, offering, state store, sample data). */
  analytics?: AnalyticsOptions;
  /** Options of the error-tracking module (decompressor, key generator, state store). */
  errors?: ErrorTrackingOptions;
  /**
   * The register (entries, releases, endpoints; `loadRegister()` in Node, bundled data in the browser).
   * With it, the endpoints the register names are served and answer by release, and its rate limits apply
   * to every handler under their paths.
   */
  register?: VersionedRegister;
  /** The release answered as when a request sends no `X-Platform-Release`; the register's newest by default. */
  release?: string;
  /** Where `Link` headers point at register entries; the register's `site_url` by default. */
  siteUrl?: string;
}

/** Builds a fresh reference implementation with the demo world and empty state. */
export function createReference(options: ReferenceOptions = {}): Reference {
  const platform: PlatformContext = {
    fixtures: options.fixtures ?? demoFixtures(),
    clock: options.clock ?? systemClock,
    limits: options.register?.limits ? limitsFromRegister(options.register.limits) : LIMITS_WITHOUT_REGISTER,
  };
  const analytics = createAnalyticsModule(platform, options.analytics);
  const errors = createErrorTrackingModule(platform, options.errors);
  const versioned = options.register && createVersioned(platform, options.register, options);
  // SDK ingestion is the busiest path and is not rate-limited, so its handlers are tried first; then the
  // rate-limit handlers, which fall through unless a request is over the limit; then everything else.
  const rest = errors.handlers.filter((handler) => !errors.ingestionHandlers.includes(handler));
  const handlers = [...errors.ingestionHandlers, ...(versioned?.behaviour.handlers ?? []), ...analytics.handlers, ...rest];
  if (versioned) handlers.push(...versioned.rest.handlers);
  return { platform, analytics, errors, versioned, handlers };
}

function createVersioned(platform: PlatformContext, register: VersionedRegister, options: ReferenceOptions) {
  const { release, siteUrl } = options;
  const behaviour = createVersionedBehaviour(register, { clock: platform.clock, release, siteUrl, fixtures: platform.fixtures });
  return { behaviour, rest: createRestModule(platform, behaviour, register.endpoints) };
}
