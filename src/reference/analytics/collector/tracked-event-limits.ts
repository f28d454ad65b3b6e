/**
 * What the collector keeps of one event and of one request (reference design, after the column sizes of
 * Snowplow's atomic event table): a text field over its limit keeps its start and ends in `...`, and a batch
 * whose events would store more than {@link MAX_BATCH_STORED_BYTES} is refused whole, so no request can make
 * the store grow by more than that. Network hosts pass {@link limitTrackedBatch} to the collector.
 */
import { ApiError } from '../../platform/api-error.ts';
import { truncate } from '../../platform/truncate.ts';
import { STRING_DIMENSIONS, type StringDimension, type TrackedEvent } from '../tracked-events.ts';

/** The most characters each text field keeps. */
export const TRACKED_FIELD_LIMITS: Record<StringDimension, number> = {
  docEncoding: 128,
  docHost: 255,
  docPath: 3000,
  docSearch: 6000,
  eventType: 1000,
  pageTitle: 2000,
  src: 100,
  vpSize: 64,
  apiKey: 255,
  userAnonymousId: 128,
};

/** The most bytes one request's events may store: 1 MiB. */
export const MAX_BATCH_STORED_BYTES = 1024 * 1024;

/** The event with every text field within {@link TRACKED_FIELD_LIMITS}; the same object when nothing needed cutting. */
export function trimTrackedEvent(event: TrackedEvent): TrackedEvent {
  let out: TrackedEvent | undefined;
  for (const field of STRING_DIMENSIONS) {
    const value = event[field];
    if (value === null || value.length <= TRACKED_FIELD_LIMITS[field]) continue;
    out ??= { ...event };
    out[field] = truncate(value, TRACKED_FIELD_LIMITS[field]);
  }
  return out ?? event;
}

/** The length of `text` in UTF-8 (a string in the browser has no `Buffer.byteLength`). */
function utf8Length(text: string): number {
  let bytes = text.length;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    // Code units past 0x7f take one byte more, past 0x7ff two; a surrogate pair is four bytes for two units.
    if (code > 0x7f) bytes += code > 0x7ff && (code < 0xd800 || code > 0xdfff) ? 2 : 1;
  }
  return bytes;
}

/** Bytes an event stores: its text as UTF-8, and 8 bytes for each of its two numbers. */
export function storedBytes(event: TrackedEvent): number {
  let bytes = 16;
  for (const field of STRING_DIMENSIONS) {
    const value = event[field];
    if (value !== null) bytes += utf8Length(value);
  }
  return bytes;
}

/** Cuts each event's fields to their limits, and refuses (413) a batch that would store more than {@link MAX_BATCH_STORED_BYTES}. */
export function limitTrackedBatch(events: TrackedEvent[]): TrackedEvent[] {
  const kept = events.map(trimTrackedEvent);
  const bytes = kept.reduce((sum, event) => sum + storedBytes(event), 0);
  if (bytes > MAX_BATCH_STORED_BYTES)
    throw new ApiError(
      413,
      `the batch's ${kept.length} events would store ${bytes} bytes; the collector keeps at most ${MAX_BATCH_STORED_BYTES} bytes per request: send smaller batches`,
    );
  return kept;
}
