import type { Finding } from '../findings/finding.ts';

/** A baseline file: the fingerprints of findings a team accepted, so a check fails only on new ones. */
export interface Baseline {
  version: 1;
  tool: 'sunset';
  /** Sorted by file, then rule, then fingerprint, so the file diffs well. */
  findings: { ruleId: string; file: string; fingerprint: string }[];
}

/** Thrown when a baseline file is not one `--update-baseline` wrote. */
export class BaselineError extends Error {
  constructor(file: string, reason: string) {
    super(`baseline ${file} ${reason}; write a new one with --update-baseline`);
    this.name = 'BaselineError';
  }
}

/** The baseline that accepts every given finding. */
export function createBaseline(findings: readonly Finding[]): Baseline {
  const entries = findings
    .map(({ ruleId, file, fingerprint }) => ({ ruleId, file, fingerprint }))
    .sort(
      (a, b) => a.file.localeCompare(b.file) || a.ruleId.localeCompare(b.ruleId) || a.fingerprint.localeCompare(b.fingerprint),
    );
  return { version: 1, tool: 'sunset', findings: entries };
}

/** Reads a baseline's fingerprints, or throws a {@link BaselineError} saying what is wrong with the file. */
export function parseBaseline(text: string, file: string): Set<string> {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new BaselineError(file, `is not JSON (${(error as Error).message})`);
  }
  const findings = (data as Partial<Baseline> | null)?.findings;
  if ((data as Partial<Baseline> | null)?.version !== 1 || !Array.isArray(findings)) {
    throw new BaselineError(file, 'is not a Sunset baseline (expected {"version": 1, "findings": [...]})');
  }
  const fingerprints = new Set<string>();
  findings.forEach((entry, index) => {
    if (typeof entry?.fingerprint !== 'string') throw new BaselineError(file, `has no fingerprint at findings[${index}]`);
    fingerprints.add(entry.fingerprint);
  });
  return fingerprints;
}

/** Splits findings into new ones and those the baseline already holds. */
export function applyBaseline(findings: readonly Finding[], accepted: ReadonlySet<string>) {
  const fresh = findings.filter((finding) => !accepted.has(finding.fingerprint));
  return { findings: fresh, baselined: findings.length - fresh.length };
}
