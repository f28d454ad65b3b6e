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
import { errorHandlers } from './error-handlers.ts';
import type { ErrorStatus } from './error-store.ts';
import { type IngestDeps, type IngestRequest, type IngestResult, ingest, type RecordedBatch, recordBatch } from './ingest.ts';
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
  answerIngestion(input: IngestionInput): Promise<IngestionAnswer>;
}

/** Options for {@link createErrorTrackingModule}. */
export interface ErrorTrackingOptions {
  /** Decompression for gzip and deflate bodies; the web-standard `DecompressionStream` by default. */
  decompress?: Decompressor;
  /** Public keys for new client keys; random by default. */
  newPublicKey?: () => string;
  /** Where client keys, settings and issues are kept; memory by default. */
  store?: StateStore;
  /**
   * Sees what is kept in memory only (errors, sessions, status changes), so a host can journal it and replay
   * it on start with {@link replayErrorJournal}; the browser persists the demo world this way.
   */
  journal?: ErrorJournal;
}

/** Creates the error-tracking module over the shared platform context, with empty state. */
export function createErrorTrackingModule(platform: PlatformContext, options: ErrorTrackingOptions = {}): ErrorTrackingModule {
  const retentionMs = platform.limits ? daysToMs(platform.limits.errorRetentionDays) : undefined;
  const state = createErrorTrackingState(options.store, options.newPublicKey, retentionMs);
  const deps: IngestDeps = { ...state, now: () => platform.clock.now() };
  if (options.decompress) deps.decompress = options.decompress;
  if (options.journal) deps.onIngested = options.journal.ingested;
  const ingestion = ingestionHandlers(deps);
  return {
    state,
    ingestionHandlers: ingestion,
    handlers: [
      ...ingestion,
      ...clientKeyHandlers(platform, state.keys),
      ...settingsHandlers(platform, state.settings),
      ...errorHandlers(platform, state, options.journal?.statusChanged),
    ],
    ingest: (request) => ingest(deps, request),
    answerIngestion: (input) => answerIngestion(deps, input),
  };
}

/** What the module reports for journaling: the changes that live in memory only. */
export interface ErrorJournal {
  /** A request's events and sessions were recorded. */
  ingested(projectId: number, batch: RecordedBatch): void;
  /** An error's status was set through the API. */
  statusChanged(projectId: number, errorId: number, status: ErrorStatus): void;
}

/** One journaled change, in the order it happened. */
export type ErrorJournalEntry =
  | { kind: 'ingested'; projectId: number; batch: RecordedBatch }
  | { kind: 'status'; projectId: number; errorId: number; status: ErrorStatus };

/**
 * Applies journaled changes to a fresh state, in order, so errors get the ids, occurrences and statuses
 * they had; issues (kept in the state store) are linked back to the errors they were created from.
 */
export function replayErrorJournal(state: ErrorTrackingState, entries: Iterable<ErrorJournalEntry>): void {
  for (const entry of entries) applyErrorJournalEntry(state, entry);
  for (const issue of state.issues.all()) {
    const record = state.errors.get(issue.project_id, issue.error_id);
    if (record && record.issueIid === undefined) record.issueIid = issue.iid;
  }
}

/** Applies one journaled change (for a change another host made after this one started). */
export function applyErrorJournalEntry(state: ErrorTrackingState, entry: ErrorJournalEntry): void {
  if (entry.kind === 'ingested') {
    recordBatch(state, entry.projectId, entry.batch);
    return;
  }
  const record = state.errors.get(entry.projectId, entry.errorId);
  if (record) record.status = entry.status;
}
