import { severityOf } from '../../findings/active-rules.ts';
import type { RegisterEntry } from '../../schemas/register-entry.ts';
import type { ScanReport } from './scan-report.ts';

/** What a scan report says about one checklist item. */
export type ScanStatus =
  | { kind: 'found'; places: string[]; count: number }
  | { kind: 'not-found' }
  | { kind: 'no-rule' }
  | { kind: 'not-scanned' };

/**
 * An item's status under a report: found (with its places), not found by the scan, no rule (check by
 * hand), or not scanned (its rules did not run for the report's range or offering: a later change not
 * yet announced, say). Which rules ran comes from the report where it lists them (SARIF), else from the
 * same severity rule `sunset check` applies.
 */
export function scanStatus(entry: RegisterEntry, report: ScanReport): ScanStatus {
  const places = report.found[entry.id];
  if (places && places.length > 0) return { kind: 'found', places, count: report.counts[entry.id] ?? places.length };
  if (entry.detect.length === 0) return { kind: 'no-rule' };
  const ran = report.ran
    ? report.ran.includes(entry.id)
    : severityOf(entry, {
        from: report.from,
        to: report.to,
        ...(report.offering ? { offering: report.offering as never } : {}),
      }) !== undefined;
  return ran ? { kind: 'not-found' } : { kind: 'not-scanned' };
}

/** The reader-facing words for a status. */
export function scanStatusText(status: ScanStatus): string {
  switch (status.kind) {
    case 'found':
      return `Found in your repository (${status.count} place${status.count === 1 ? '' : 's'})`;
    case 'not-found':
      return 'Not found by the scan';
    case 'no-rule':
      return 'No rule: check by hand';
    case 'not-scanned':
      return 'Not part of this scan: its rules do not run for this range';
  }
}

/** Why a report cannot be used for the checklist `from → to`, or undefined when it can. */
export function rangeMismatch(
  report: Pick<ScanReport, 'from' | 'to' | 'fileName'>,
  plan: { from: string; to: string },
): string | undefined {
  if (report.from === plan.from && report.to === plan.to) return undefined;
  return `${report.fileName} is a scan for ${report.from} → ${report.to}, but this checklist is ${plan.from} → ${plan.to}. Run sunset check . --from ${plan.from} --to ${plan.to} --format json and drop that report here.`;
}
