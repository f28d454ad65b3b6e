/**
 * A `sunset check` report as the upgrade checklist keeps it: the range it was run for, where each entry
 * was found, and (for SARIF, which lists them) which entries' rules ran. Small enough for localStorage.
 */
export interface ScanReport {
  format: 'json' | 'sarif';
  /** The name of the file the reader gave. */
  fileName: string;
  from: string;
  to: string;
  offering?: string;
  /** Per entry id, the places found (`path:line`), at most {@link PLACES_KEPT} each. */
  found: Record<string, string[]>;
  /** Per entry id, how many places the report holds (more than are kept on a large repository). */
  counts: Record<string, number>;
  /** The entry ids whose rules ran, when the report says so (SARIF lists its rules; JSON does not). */
  ran?: string[];
}

/** Largest report read, in bytes: far above what a scan of a large monorepo writes. */
export const MAX_REPORT_BYTES = 20 * 1024 * 1024;
/** Most findings read from one report. */
export const MAX_FINDINGS = 200_000;
/** Places kept per entry; the count says how many more there are. */
export const PLACES_KEPT = 50;
