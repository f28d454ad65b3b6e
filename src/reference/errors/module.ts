/**
 * The error-tracking part of the reference implementation: client keys, enablement settings,
 * Sentry-compatible ingestion, the errors list and details, status changes and create issue.
 */
import type { HttpHandler } from 'msw';
import type { PlatformContext } from '../platform/context.ts';
import type { StateStore } from '../platform/state-store.ts';
import type { Decompressor } from './body-decoding.ts';
import { clientKeyHandlers } from './client-key-handlers.ts';
import { errorHandlers } from './error-handlers.ts';
import { type IngestDeps, type IngestRequest, type IngestResult, ingest } from './ingest.ts';
import { ingestionHandlers } from './ingestion-handlers.ts';
import { settingsHandlers } from './settings-handlers.ts';
import { createErrorTrackingState, type ErrorTrackingState } from './state.ts';

/** The error-tracking module. */
export interface ErrorTrackingModule {
  handlers: HttpHandler[];
  /** The state, for tests, sample data and snapshots. */
  state: ErrorTrackingState;
  /** Ingestion without HTTP: what the handlers call, exposed for hosts and benchmarks. */
  ingest(request: IngestRequest): Promise<IngestResult>;
}

/** Options for {@link createErrorTrackingModule}. */
export interface ErrorTrackingOptions {
  /** Decompression for gzip and deflate bodies; the web-standard `DecompressionStream` by default. */
  decompress?: Decompressor;
  /** Public keys for new client keys; random by default. */
  newPublicKey?: () => string;
  /** Where client keys, settings and issues are kept; memory by default. */
  store?: StateStore;
}

/** Creates the error-tracking module over the shared platform context, with empty state. */
export function createErrorTrackingModule(platform: PlatformContext, options: ErrorTrackingOptions = {}): ErrorTrackingModule {
  const state = createErrorTrackingState(options.store, options.newPublicKey);
  const deps: IngestDeps = { ...state, now: () => platform.clock.now() };
  if (options.decompress) deps.decompress = options.decompress;
  return {
    state,
    handlers: [
      ...ingestionHandlers(deps),
      ...clientKeyHandlers(platform, state.keys),
      ...settingsHandlers(platform, state.settings),
      ...errorHandlers(platform, state),
    ],
    ingest: (request) => ingest(deps, request),
  };
}
