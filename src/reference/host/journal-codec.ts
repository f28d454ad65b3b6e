/**
 * How the data directory writes a journal entry: JSON, compressed with raw deflate, and tracked events as rows
 * of values in the cube's column order rather than objects that repeat every field name. A request's stored
 * bytes so stay within a small multiple of the bytes it sent, however repetitive its content (the bound
 * `test/reference/host/stored-bytes.property.test.ts` holds).
 *
 * The one exception is an ingested entry of at most one error event and at most one session update, nearly
 * every SDK request, whose JSON is at most twice the bytes its request sent: it is kept as JSON text,
 * uncompressed. Such an entry copies no field per item, so only a compressed request body could make it grow
 * past that; deflating it would cost more CPU than the rest of its commit (a zlib stream set up per entry)
 * to save about a kilobyte.
 */
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { EVENT_DIMENSIONS, type TrackedEvent } from '../analytics/tracked-events.ts';
import type { JournalEntry } from '../browser/world-journal.ts';

/**
 * zlib's fastest level: on text with many short repeats its default level takes fifteen times as long (0.8 s
 * for a 1.6 MB entry) for a file a third smaller, time the event loop cannot spend answering.
 */
const LEVEL = 1;

/** A tracked entry as written: `rows[i][j]` is event i's value of `EVENT_DIMENSIONS[j]`. */
interface StoredTracked {
  kind: 'tracked';
  projectId: number;
  receivedAt: number;
  rows: unknown[][];
}

const isStoredTracked = (value: unknown): value is StoredTracked =>
  (value as { kind?: unknown } | null)?.kind === 'tracked' && Array.isArray((value as { rows?: unknown }).rows);

/** Whether an entry is kept as JSON text (see the module comment). */
const keptAsText = (entry: JournalEntry): boolean =>
  entry.kind === 'ingested' && entry.batch.events.length <= 1 && entry.batch.sessions.length <= 1;

/** Text kept uncompressed is at most this multiple of the bytes its request sent. */
const TEXT_MULTIPLE = 2;

/**
 * What a journal entry is stored as: compressed bytes, or JSON text for a single event or session update
 * whose request sent at least half its length (`sentBytes`; see the module comment).
 */
export function encodeJournalEntry(entry: JournalEntry, sentBytes = 0): Uint8Array | string {
  if (keptAsText(entry)) {
    const text = JSON.stringify(entry);
    if (Buffer.byteLength(text) <= TEXT_MULTIPLE * sentBytes) return text;
    return deflateRawSync(text, { level: LEVEL });
  }
  const stored: unknown =
    entry.kind === 'tracked'
      ? {
          kind: 'tracked',
          projectId: entry.projectId,
          receivedAt: entry.receivedAt,
          rows: entry.events.map((event) => EVENT_DIMENSIONS.map((dimension) => event[dimension])),
        }
      : entry;
  return deflateRawSync(JSON.stringify(stored), { level: LEVEL });
}

/** The entry stored as `stored`, not yet checked. Throws when the bytes do not decompress or parse. */
export function decodeJournalEntry(stored: Uint8Array | string): unknown {
  const value: unknown = JSON.parse(typeof stored === 'string' ? stored : inflateRawSync(stored).toString('utf8'));
  if (!isStoredTracked(value)) return value;
  const events = value.rows.map((row) =>
    Array.isArray(row)
      ? (Object.fromEntries(EVENT_DIMENSIONS.map((dimension, index) => [dimension, row[index]])) as TrackedEvent)
      : row,
  );
  return { kind: 'tracked', projectId: value.projectId, events, receivedAt: value.receivedAt };
}
