/**
 * Synthetic `sunset check` JSON reports for the readiness benchmark and its budget test: the shape the
 * checker writes, with the register's real rule ids and severities, spread over projects and days.
 */
import { activeRules, type CheckRange } from '../../src/findings/active-rules.ts';
import { registerVersion } from '../../src/findings/report-origin.ts';
import type { Register } from '../../src/register/register.ts';

/** What to generate. */
export interface SyntheticOptions {
  projects: number;
  /** Mean findings per report (each report has 0 to twice this many). */
  findings: number;
  /** Reports are dated over this many days, one report per project. */
  days: number;
  /** Gives project `index` this many findings instead (a very large project). */
  large?: { index: number; findings: number };
}

/** A small deterministic generator, so every run builds the same site. */
function random(seed: number): () => number {
  // Spread small seeds over all bits: xorshift's first outputs from a small state are small too.
  let state = Math.imul(seed, 2654435761) >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 0x1_0000_0000;
  };
}

const FILES = [
  '.gitlab-ci.yml',
  'ci/deploy.yml',
  'ci/test.yml',
  'scripts/release.sh',
  'src/api/pipelines.ts',
  'queries/runners.graphql',
];

const range: CheckRange = { from: '16.0', to: '18.0' };

/** The rule ids of the range and their severities, worked out once per register (a bench makes 100,000 reports). */
const rulesOf = new WeakMap<Register, { ids: string[]; severity: Map<string, string>; version: string }>();
function rangeRules(register: Register) {
  let known = rulesOf.get(register);
  if (!known) {
    const rules = activeRules(register, range);
    known = {
      ids: [...new Set(rules.map((rule) => rule.info.id))],
      severity: new Map(rules.map((rule) => [rule.info.id, rule.severity])),
      version: registerVersion(register),
    };
    rulesOf.set(register, known);
  }
  return known;
}

/** Report `index` of a synthetic set, as the object `sunset check --format json` would print. */
export function syntheticReport(register: Register, index: number, options: SyntheticOptions): object {
  const { ids, severity, version } = rangeRules(register);
  const next = random(index + 1);
  // A third of the projects have only warnings, so some are ready.
  const warningsOnly = index % 3 === 0;
  const pool = warningsOnly ? ids.filter((id) => severity.get(id) === 'warning') : ids;
  const count = options.large?.index === index ? options.large.findings : Math.floor(next() * 2 * options.findings);
  const findings = Array.from({ length: count }, (_, at) => {
    const ruleId = pool[Math.floor(next() * pool.length)] as string;
    return {
      ruleId,
      severity: severity.get(ruleId),
      file: `${FILES[Math.floor(next() * FILES.length)]}`,
      line: 1 + Math.floor(next() * 400),
      column: 1 + Math.floor(next() * 40),
      match: ruleId.slice(0, 24),
      message: ruleId,
      fingerprint: `${index}-${at}`,
    };
  });
  const day = index % options.days;
  return {
    tool: { name: 'sunset', version: '0.1.0' },
    project: `group-${index % 50}/project-${index}`,
    commit: (index * 2654435761).toString(16).padStart(8, '0'),
    time: new Date(Date.UTC(2026, 10, 2 + day, 6, index % 60)).toISOString(),
    register: { version },
    range,
    failOn: 'removed',
    summary: {
      errors: findings.filter((finding) => finding.severity === 'error').length,
      warnings: findings.filter((finding) => finding.severity === 'warning').length,
      files: new Set(findings.map((finding) => finding.file)).size,
      scanned: 200,
      bytes: 1_000_000,
      suppressed: index % 4,
      baselined: 0,
      skipped: 0,
    },
    rules: ids,
    findings,
  };
}
