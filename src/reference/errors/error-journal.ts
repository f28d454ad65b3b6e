/**
 * The journal of error tracking: what it keeps in memory only (errors with their occurrences, sessions,
 * status changes), as entries committed with the state store before memory changes, and replayed in order
 * into a fresh state on start.
 */

import type { ErrorJournalEntry } from './error-journal-entry.ts';
import { recordBatch } from './ingest.ts';
import type { ErrorTrackingState } from './state.ts';

export type { ErrorJournalEntry } from './error-journal-entry.ts';

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
