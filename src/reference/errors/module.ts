/**
 * The error-tracking part of the reference implementation: client keys, enablement settings,
 * Sentry-compatible ingestion, the errors list and details, status changes and create issue.
 */
import type { HttpHandler } from 'msw';
import type { PlatformContext } from '../platform/context.ts';
import { daysToMs } from '../platform/reference-limits.ts';
import type { StateStore } from '../platform/state-store.ts';
import type { Decompressor } from './body-decoding.ts';
import { clientKeyHandlers } from './client-key-handlers.ts';
import type { ErrorEvent } from './error-event.ts';
import type { ErrorGroupArchive } from './error-group-archive.ts';
import { errorHandlers } from './error-handlers.ts';
import { type IngestDeps, type IngestRequest, type IngestResult, ingest } from './ingest.ts';
import { answerIngestion, type IngestionAnswer, type IngestionInput, ingestionHandlers } from './ingestion-handlers.ts';
import { settingsHandlers } from './settings-handlers.ts';
import { createErrorTrackingState, type ErrorTrackingState } from './state.ts';

/** The error-tracking module. */
export interface ErrorTrackingModule {
  handlers: HttpHandler[];
  /** The SDK ingestion handlers alone (also in `handlers`), so hosts can try them first: they carry the most traffic. */
  ingestionHandlers: HttpHandler[];
  /** The state, for tests, sample data and snapshots. */
  state: ErrorTrackingState;
  /** Ingestion without HTTP: what the handlers call, exposed for hosts and benchmarks. */
  ingest(request: IngestRequest): Promise<IngestResult>;
  /** The store and envelope endpoints' whole answer, as the MSW handler gives it; for hosts that route without MSW. */
  answerIngestion(input: IngestionInput): IngestionAnswer | Promise<IngestionAnswer>;
}

/** Options for {@link createErrorTrackingModule}. */
export interface ErrorTrackingOptions {
  /** Decompression for gzip and deflate bodies; the web-standard `DecompressionStream` by default. */
  decompress?: Decompressor;
  /** Cuts each ingested event to what it may keep (network hosts pass `trimEvent`); events are kept whole by default. */
  trimEvent?: (event: ErrorEvent) => ErrorEvent;
  /** Public keys for new client keys; random by default. */
  newPublicKey?: () => string;
  /**
   * Where client keys, settings and issues are kept, and where the journal of what lives in memory only
   * (errors, sessions, status changes) is committed, for a host to replay on start with `replayErrorJournal`;
   * memory by default.
   */
  store?: StateStore;
  /** Error groups one project holds in memory; `MAX_ERROR_GROUPS_PER_PROJECT` by default. */
  maxErrorGroups?: number;
  /**
   * Where groups let go from memory are kept (a data directory's archive); none by default: a group let go
   * is gone (see `error-store.ts`).
   */
  groupArchive?: ErrorGroupArchive;
}

/** Creates the error-tracking module over the shared platform context, with empty state. */
export function createErrorTrackingModule(platform: PlatformContext, options: ErrorTrackingOptions = {}): ErrorTrackingModule {
  const retentionMs = platform.limits ? daysToMs(platform.limits.errorRetentionDays) : undefined;
  const state = createErrorTrackingState(
    options.store,
    options.newPublicKey,
    retentionMs,
    options.maxErrorGroups,
    options.groupArchive,
  );
  const deps: IngestDeps = { ...state, now: () => platform.clock.now() };
  if (options.decompress) deps.decompress = options.decompress;
  if (options.trimEvent) deps.trimEvent = options.trimEvent;
  const ingestion = ingestionHandlers(deps);
  return {
    state,
    ingestionHandlers: ingestion,
    handlers: [
      ...ingestion,
      ...clientKeyHandlers(platform, state.keys),
      ...settingsHandlers(platform, state.settings),
      ...errorHandlers(platform, state),
    ],
    ingest: async (request) => ingest(deps, request),
    answerIngestion: (input) => answerIngestion(deps, input),
  };
}

export { applyErrorJournalEntry, type ErrorJournalEntry, replayErrorJournal } from './error-journal.ts';
