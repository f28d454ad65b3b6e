/**
 * The bounds a network host puts on what a request can make the reference keep (reference design; see
 * docs/reference-server.md): error events cut to their field limits, collector batches cut to theirs and
 * refused past their stored bytes. The local server and its tests pass them to the reference; the in-browser
 * reference, whose only client is its reader, does not load them.
 */
import { limitTrackedBatch } from '../analytics/collector/tracked-event-limits.ts';
import { trimEvent } from '../errors/event-trimming.ts';

/** The options of `createReference` (and the world builder) that bound ingestion. */
export const INGESTION_BOUNDS = {
  errors: { trimEvent },
  analytics: { limitBatch: limitTrackedBatch },
} as const;
