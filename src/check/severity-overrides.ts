import type { Finding } from '../findings/finding.ts';
import type { SeverityOverride } from '../schemas/sunset-config.ts';

/** One rule whose severity the settings set, and how many of this run's findings that touched. */
export interface AppliedOverride {
  /** The entry or error-condition id (or `parse-error`). */
  id: string;
  severity: SeverityOverride;
  /** Findings of the rule in this run: left out when `off`, given the severity otherwise. */
  findings: number;
}

/**
 * Gives findings the severity the settings' `rules:` set for their rule, leaving out those set `off`, before
 * the gate sees them. Every override is returned, in id order, with how many findings it touched (0 too), so
 * reports can say what the settings changed.
 */
export function applySeverityOverrides(
  findings: readonly Finding[],
  overrides: ReadonlyMap<string, SeverityOverride>,
): { findings: Finding[]; applied: AppliedOverride[] } {
  const counts = new Map<string, number>();
  const kept: Finding[] = [];
  for (const finding of findings) {
    const severity = overrides.get(finding.ruleId);
    if (severity === undefined) {
      kept.push(finding);
      continue;
    }
    counts.set(finding.ruleId, (counts.get(finding.ruleId) ?? 0) + 1);
    if (severity !== 'off') kept.push(severity === finding.severity ? finding : { ...finding, severity });
  }
  const applied = [...overrides]
    .map(([id, severity]) => ({ id, severity, findings: counts.get(id) ?? 0 }))
    .sort((a, b) => a.id.localeCompare(b.id));
  return { findings: kept, applied };
}
