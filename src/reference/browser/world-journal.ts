/**
 * The journal of the in-browser world: what the reference keeps in memory only (tracked events, error
 * events, sessions, error statuses), recorded as it is accepted and replayed into a fresh reference on
 * start. Settings, keys, issues and usage live in the state store instead.
 */
import type { TrackedEvent } from '../analytics/tracked-events.ts';
import { applyErrorJournalEntry, type ErrorJournalEntry, replayErrorJournal } from '../errors/module.ts';
import type { Reference } from '../reference.ts';

/** Tracked events the collector accepted in one request. */
export interface AnalyticsJournalEntry {
  kind: 'tracked';
  projectId: number;
  events: TrackedEvent[];
  receivedAt: number;
}

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
