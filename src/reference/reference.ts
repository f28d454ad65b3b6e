import type { HttpHandler } from 'msw';
import { type AnalyticsModule, type AnalyticsOptions, createAnalyticsModule } from './analytics/module.ts';
import { createErrorTrackingModule, type ErrorTrackingModule, type ErrorTrackingOptions } from './errors/module.ts';
import { type Clock, systemClock } from './platform/clock.ts';
import type { PlatformContext } from './platform/context.ts';
import { demoFixtures } from './platform/world.ts';

/** One running reference implementation: the world, its modules, and the MSW handlers over them. */
export interface Reference {
  platform: PlatformContext;
  analytics: AnalyticsModule;
  errors: ErrorTrackingModule;
  /** Every handler, for `setupServer`, `setupWorker` or the local HTTP server. */
  handlers: HttpHandler[];
}

/** Options for {@link createReference}. */
export interface ReferenceOptions {
  /** The clock; the system clock by default. */
  clock?: Clock;
  /** Options of the analytics module (fixture repositories, offering, state store, sample data). */
  analytics?: AnalyticsOptions;
  /** Options of the error-tracking module (decompressor, key generator, state store). */
  errors?: ErrorTrackingOptions;
}

/** Builds a fresh reference implementation with the demo world and empty state. */
export function createReference(options: ReferenceOptions = {}): Reference {
  const platform: PlatformContext = { fixtures: demoFixtures(), clock: options.clock ?? systemClock };
  const analytics = createAnalyticsModule(platform, options.analytics);
  const errors = createErrorTrackingModule(platform, options.errors);
  return { platform, analytics, errors, handlers: [...analytics.handlers, ...errors.handlers] };
}
