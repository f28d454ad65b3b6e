import type { HttpHandler } from 'msw';
import type { PlatformContext } from '../platform/context.ts';
import { memoryStateStore, type StateStore } from '../platform/state-store.ts';
import { type AnalyticsState, createAnalyticsState } from './analytics-state.ts';
import { type BatchLimit, collectorHandlers } from './collector/collector-handlers.ts';
import type { FunnelDefinitions } from './funnels/funnel-definitions.ts';
import { onboardingHandlers } from './handlers/onboarding-handlers.ts';
import { queryHandlers } from './handlers/query-handlers.ts';
import { settingsHandlers } from './handlers/settings-handlers.ts';
import { usageQuotaHandlers } from './handlers/usage-quota-handler.ts';
import type { RepositoryFiles } from './repository/repository-files.ts';
import type { SampleOptions } from './sample/sample-events.ts';
import { seedSample } from './sample/seed-sample.ts';
import type { Offering } from './settings/onboarding.ts';

/** The product-analytics part of the reference implementation. */
export interface AnalyticsModule {
  handlers: HttpHandler[];
  /** The state behind the handlers, for hosts and tests. */
  state: AnalyticsState;
}

/** Options of the analytics module. */
export interface AnalyticsOptions {
  /** Each project's repository files (funnel definitions …), by project id. None by default. */
  repositories?: Record<number, RepositoryFiles>;
  /** Funnel definitions already read from `repositories`, by project id (see `AnalyticsStateOptions`). */
  funnelDefinitions?: Record<number, FunnelDefinitions>;
  /** `{config_dir}`: `.gitlab` unless the site settings say otherwise. */
  configDir?: string;
  /** The offering the instance models; `hosted` by default (the managed provider exists there only). */
  offering?: Offering;
  /** Where settings, onboarding and usage are kept, and accepted events journaled; memory by default. */
  state?: StateStore;
  /** Seed project 1 with the deterministic sample; off by default, `true` for the default sample. */
  sample?: boolean | Partial<Omit<SampleOptions, 'appId' | 'end'>>;
  /**
   * Origins the collector answers with credentials allowed, so a tracker on them may send the collector's
   * cookie; every other origin (and `null`) is answered without credentials. None by default.
   */
  collectorOrigins?: readonly string[];
  /**
   * Bounds what the collector keeps of a batch (network hosts pass `limitTrackedBatch`); the in-browser
   * reference, whose only client is its reader, keeps batches whole.
   */
  limitBatch?: BatchLimit;
}

/** Creates the analytics module over the shared platform context. */
export function createAnalyticsModule(platform: PlatformContext, options: AnalyticsOptions = {}): AnalyticsModule {
  const state = createAnalyticsState(platform, {
    state: options.state ?? memoryStateStore(),
    offering: options.offering ?? 'hosted',
    configDir: options.configDir ?? '.gitlab',
    repositories: options.repositories ?? {},
    funnelDefinitions: options.funnelDefinitions,
  });
  if (options.sample) seedSample(state, options.sample === true ? {} : options.sample);
  const handlers = [
    ...queryHandlers(state),
    ...settingsHandlers(state),
    ...onboardingHandlers(state),
    ...usageQuotaHandlers(state),
    ...collectorHandlers(state, options.collectorOrigins ?? [], options.limitBatch),
  ];
  return { handlers, state };
}
