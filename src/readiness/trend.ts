import type { ProjectStatus } from './project-status.ts';
import { ruleCountsOf } from './report-summary.ts';

/** One day of the trend: every project as its newest report on or before that day saw it. */
export interface TrendPoint {
  /** `YYYY-MM-DD` (UTC). */
  date: string;
  /** Projects with a report on or before the day. */
  projects: number;
  ready: number;
  findings: number;
  errors: number;
}

/** Findings over time, overall and per rule id. */
export interface Trend {
  points: TrendPoint[];
  /** Findings of each rule id on each day of `points`. */
  byEntry: Map<string, number[]>;
}

/** Whether a trend has the two days or more a chart needs: one day is a point, shown in readiness.json only. */
export function drawable(trend: Trend | undefined): trend is Trend {
  return (trend?.points.length ?? 0) > 1;
}

const day = (time: string) => new Date(time).toISOString().slice(0, 10);

/**
 * The trend across the days reports were taken (one point for a single day), or undefined when no report
 * was counted. A project that was not scanned on a day counts with its last report before it, so totals do
 * not dip when scans are staggered.
 */
export function buildTrend(projects: readonly Pick<ProjectStatus, 'history'>[]): Trend | undefined {
  const dates = [...new Set(projects.flatMap((status) => status.history.map((report) => day(report.time))))].sort();
  if (dates.length === 0) return undefined;
  const points: TrendPoint[] = dates.map((date) => ({ date, projects: 0, ready: 0, findings: 0, errors: 0 }));
  const byEntry = new Map<string, number[]>();
  for (const { history } of projects) {
    let current = -1;
    let counts = new Map<string, number>();
    let errors = 0;
    for (let index = 0; index < dates.length; index++) {
      // Histories are sorted oldest first: move to the newest report of this day or before.
      let moved = false;
      while (current + 1 < history.length && day((history[current + 1] as { time: string }).time) <= (dates[index] as string)) {
        current++;
        moved = true;
      }
      if (current < 0) continue;
      const report = history[current] as (typeof history)[number];
      if (moved) {
        counts = new Map();
        errors = report.errors;
        for (const [id, findings] of ruleCountsOf(report)) counts.set(id, findings);
      }
      const point = points[index] as TrendPoint;
      point.projects++;
      point.findings += report.findings;
      point.errors += errors;
      if (errors === 0) point.ready++;
      for (const [id, count] of counts) {
        let series = byEntry.get(id);
        if (!series) {
          series = new Array<number>(dates.length).fill(0);
          byEntry.set(id, series);
        }
        series[index] = (series[index] as number) + count;
      }
    }
  }
  return { points, byEntry };
}
