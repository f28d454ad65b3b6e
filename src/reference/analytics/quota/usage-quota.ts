import type { Group, Project } from '../../platform/world.ts';
import { utcMonth } from '../time/civil-date.ts';
import type { UsageLedger } from './usage-ledger.ts';

/** One month of a group's usage (reference design; the spec names the figures, not the fields). */
export interface UsageMonth {
  /** `YYYY-MM` (UTC). */
  month: string;
  /** True for the current month, which counts to date. */
  to_date: boolean;
  /** Events received by the group's onboarded projects in the month. */
  total_events: number;
  /** Per-project breakdown, onboarded projects only, most events first. */
  projects: { id: number; path: string; name: string; events: number }[];
}

/** The usage quota report of a group. */
export interface UsageQuota {
  group: { id: number; path: string };
  /** ISO time the current month is counted to. */
  counted_to: string;
  months: UsageMonth[];
}

/** `YYYY-MM` of the month `back` months before `month`. */
function monthBefore(month: string, back: number): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  const index = year * 12 + number - 1 - back;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/**
 * Monthly totals for a group plus a per-project breakdown, newest month first. The current month counts to
 * date. Projects not onboarded are left out, as the spec says.
 */
export function usageQuota(
  group: Group,
  projects: readonly Project[],
  onboarded: (project: Project) => boolean,
  ledger: UsageLedger,
  now: number,
  monthCount: number,
): UsageQuota {
  const current = utcMonth(now);
  const counted = projects.filter((project) => project.groupId === group.id && onboarded(project));
  const months = Array.from({ length: monthCount }, (_, back): UsageMonth => {
    const month = monthBefore(current, back);
    const breakdown = counted
      .map((project) => ({ id: project.id, path: project.path, name: project.name, events: ledger.eventsIn(project.id, month) }))
      .sort((a, b) => b.events - a.events || a.id - b.id);
    return {
      month,
      to_date: back === 0,
      total_events: breakdown.reduce((sum, project) => sum + project.events, 0),
      projects: breakdown,
    };
  });
  return { group: { id: group.id, path: group.path }, counted_to: new Date(now).toISOString(), months };
}
