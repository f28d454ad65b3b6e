import type { ErrorEvent } from './error-event.ts';
import type { ErrorStatus } from './error-store.ts';
import type { SessionUpdate } from './sessions.ts';

/** What one accepted request recorded: its events and session updates, and when it was received. */
export interface RecordedBatch {
  events: ErrorEvent[];
  sessions: SessionUpdate[];
  receivedAt: number;
}

/** One journaled change, in the order it happened. */
export type ErrorJournalEntry =
  | { kind: 'ingested'; projectId: number; batch: RecordedBatch }
  | { kind: 'status'; projectId: number; errorId: number; status: ErrorStatus };
