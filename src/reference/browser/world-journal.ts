/**
 * The journal of the in-browser world (and of the local server's data directory): what the reference keeps
 * in memory only (tracked events, error events, sessions, error statuses), committed with the state store as
 * it is accepted and replayed into a fresh reference on start. Settings, keys, issues and usage live in the
 * state store's keys instead.
 */
import type { AnalyticsJournalEntry } from '../analytics/analytics-state.ts';
import { applyErrorJournalEntry, type ErrorJournalEntry, replayErrorJournal } from '../errors/error-journal.ts';
import type { Reference } from '../reference.ts';

export type { AnalyticsJournalEntry };

/** One journaled change. */
export type JournalEntry = AnalyticsJournalEntry | ErrorJournalEntry;

/** Replays entries, in order, into a reference built on the state store they were recorded beside. */
export function replayJournal(reference: Reference, entries: readonly JournalEntry[]): void {
  const errorEntries: ErrorJournalEntry[] = [];
  for (const entry of entries) {
    if (entry.kind === 'tracked') appendTracked(reference, entry);
    else errorEntries.push(entry);
  }
  replayErrorJournal(reference.errors.state, errorEntries);
}

/** Applies one entry recorded elsewhere after this reference was built. */
export function applyJournalEntry(reference: Reference, entry: JournalEntry): void {
  if (entry.kind === 'tracked') appendTracked(reference, entry);
  else applyErrorJournalEntry(reference.errors.state, entry);
}

// Usage was counted when the events arrived (the ledger is in the state store), so only the events return.
function appendTracked(reference: Reference, entry: AnalyticsJournalEntry): void {
  const store = reference.analytics.state.store(entry.projectId);
  for (const event of entry.events) store.append(event);
}
