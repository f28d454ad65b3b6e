import type { CountedSummary } from './report-summary.ts';

/** One project's standing: its newest counted report, and the ones before it. */
export interface ProjectStatus {
  project: string;
  /** A name for files and anchors: readable, unique. */
  slug: string;
  /**
   * The page in `projects/` that holds the project's section (`#slug` on it): several projects share one
   * (see project-packs.ts), so it is settled as the pages are written, and is `slug.html` until then.
   */
  page: string;
  report: CountedSummary;
  /** No finding at error level: nothing the target release removes is still used. */
  ready: boolean;
  errors: number;
  warnings: number;
  /** Entries of the project's range that no rule can find. */
  byHand: readonly string[];
  /** Every counted report of the project, oldest first. */
  history: CountedSummary[];
}
