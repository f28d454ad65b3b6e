import { createHash } from 'node:crypto';
import { registerVersion } from '../findings/report-origin.ts';
import { type ImportedFacts, importedFacts } from '../register/imported-facts.ts';
import type { Register } from '../register/register.ts';
import type { RegisterEntry } from '../schemas/register-entry.ts';
import type { ProjectStatus } from './project-status.ts';
import type { UnreadFile } from './read-reports.ts';
import { coverageRules, targetProblem } from './report-coverage.ts';
import { type CountedSummary, type ReportSummary, ruleCountsOf } from './report-summary.ts';
import { buildTrend, type Trend } from './trend.ts';

export type { ProjectStatus } from './project-status.ts';

/** A register entry (or error condition, or parse error) and how many projects use it. */
export interface EntryImpact {
  id: string;
  title: string;
  entry?: RegisterEntry;
  /** Projects with findings of this rule. */
  projects: number;
  /** Projects where it is an error. */
  blocking: number;
  findings: number;
}

/** Everything the readiness site and files show, but the findings themselves (see write-site.ts). */
export interface ReadinessModel {
  target: string;
  generatedAt: string;
  registerVersion: string;
  siteUrl: string;
  /** By project path. */
  projects: ProjectStatus[];
  /** Most blocking first. */
  entries: EntryImpact[];
  /** Entries no rule finds, with how many counted projects' ranges include them (and the platform's links, if imported). */
  byHand: { id: string; title: string; projects: number; platform?: ImportedFacts }[];
  unread: UnreadFile[];
  /** Expected projects with no counted report. */
  missing: string[];
  totals: { projects: number; ready: number; notReady: number; findings: number; errors: number; warnings: number };
  /** Findings over time, a point per day reports were taken. */
  trend?: Trend;
}

/**
 * Project paths in the order people read them. One collator for every comparison: `localeCompare` looks
 * its collator up on each call, which sorting an instance's projects would pay millions of times.
 */
export const compareNames: (a: string, b: string) => number = new Intl.Collator('en').compare;

/** A file name for a project path: readable, and unique through a short digest. */
export function projectSlug(project: string): string {
  const readable = project
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60);
  return `${readable || 'project'}-${createHash('sha256').update(project).digest('hex').slice(0, 8)}`;
}

function titleOf(register: Register, id: string): { title: string; entry?: RegisterEntry } {
  const entry = register.entry(id);
  if (entry) return { title: entry.title, entry };
  const condition = register.errors.find((item) => item.id === id);
  if (condition) return { title: condition.condition };
  return { title: id === 'parse-error' ? 'Files that do not parse' : id };
}

/** Options of {@link buildReadiness}. */
export interface ReadinessInput {
  register: Register;
  /** Every report read and fitting the format, in the order read (see gather-reports.ts). */
  reports: readonly ReportSummary[];
  unread: readonly UnreadFile[];
  target: string;
  /** Projects that should have a report (`--projects`). */
  expected?: readonly string[];
  generatedAt: string;
}

/** Sorts reports into counted and unread, keeps each project's newest, and sums everything up. */
export function buildReadiness(input: ReadinessInput): ReadinessModel {
  const { register, target } = input;
  const version = registerVersion(register);
  const rules = coverageRules(register);
  const unread: UnreadFile[] = [...input.unread];
  const byProject = new Map<string, CountedSummary[]>();
  const seen = new Map<string, string>();
  for (const report of input.reports) {
    const problem = report.problems.before ?? targetProblem(report.range, target) ?? report.problems.after;
    if (problem) {
      unread.push({ file: report.file, reason: problem });
      continue;
    }
    const counted = report as CountedSummary;
    const key = `${counted.project}\n${counted.time}`;
    const earlier = seen.get(key);
    if (earlier) {
      unread.push({ file: counted.file, reason: `repeats ${earlier} (same project and time)` });
      continue;
    }
    seen.set(key, counted.file);
    const list = byProject.get(counted.project) ?? [];
    list.push(counted);
    byProject.set(counted.project, list);
  }

  const projects: ProjectStatus[] = [];
  for (const [project, history] of byProject) {
    history.sort((a, b) => Date.parse(a.time) - Date.parse(b.time));
    const report = history[history.length - 1] as CountedSummary;
    const slug = projectSlug(project);
    projects.push({
      project,
      slug,
      page: `${slug}.html`,
      report,
      ready: report.errors === 0,
      errors: report.errors,
      warnings: report.findings - report.errors,
      byHand: rules.byHand(report.range),
      history,
    });
  }
  projects.sort((a, b) => compareNames(a.project, b.project));

  const impacts = new Map<string, EntryImpact>();
  for (const status of projects) {
    for (const [id, findings, errors] of ruleCountsOf(status.report)) {
      let impact = impacts.get(id);
      if (!impact) {
        impact = { id, ...titleOf(register, id), projects: 0, blocking: 0, findings: 0 };
        impacts.set(id, impact);
      }
      impact.projects++;
      impact.findings += findings;
      if (errors > 0) impact.blocking++;
    }
  }
  const entries = [...impacts.values()].sort(
    (a, b) => b.blocking - a.blocking || b.projects - a.projects || a.id.localeCompare(b.id),
  );

  const handCounts = new Map<string, number>();
  for (const status of projects) for (const id of status.byHand) handCounts.set(id, (handCounts.get(id) ?? 0) + 1);
  const byHand = [...handCounts]
    .map(([id, count]) => {
      const entry = register.entry(id);
      const platform = entry ? importedFacts(entry) : undefined;
      return { id, title: entry?.title ?? id, projects: count, ...(platform ? { platform } : {}) };
    })
    .sort((a, b) => a.title.localeCompare(b.title));

  const counted = new Set(byProject.keys());
  const missing = [...new Set(input.expected ?? [])].filter((project) => !counted.has(project)).sort();
  let errors = 0;
  let findings = 0;
  for (const status of projects) {
    errors += status.errors;
    findings += status.report.findings;
  }
  const ready = projects.filter((status) => status.ready).length;
  const trend = buildTrend(projects);
  return {
    target,
    generatedAt: input.generatedAt,
    registerVersion: version,
    siteUrl: register.settings.site_url,
    projects,
    entries,
    byHand,
    unread: unread.sort((a, b) => a.file.localeCompare(b.file)),
    missing,
    totals: {
      projects: projects.length,
      ready,
      notReady: projects.length - ready,
      findings,
      errors,
      warnings: findings - errors,
    },
    ...(trend ? { trend } : {}),
  };
}
