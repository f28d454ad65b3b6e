import { createHash } from 'node:crypto';
import { registerVersion } from '../check/report/report-origin.ts';
import { type ImportedFacts, importedFacts } from '../register/imported-facts.ts';
import type { Register } from '../register/register.ts';
import type { RegisterEntry } from '../schemas/register-entry.ts';
import type { ReadReport, UnreadFile } from './read-reports.ts';
import { coverageProblem, coverageRules } from './report-coverage.ts';
import type { CheckReport, ReportFinding } from './report-schema.ts';
import { buildTrend, type Trend } from './trend.ts';

/** A counted report with the file it came from. */
export interface CountedReport extends CheckReport {
  project: string;
  time: string;
  file: string;
}

/** One project's standing: its newest report, and the ones before it. */
export interface ProjectStatus {
  project: string;
  /** File name of the project's page, without extension. */
  slug: string;
  report: CountedReport;
  /** No finding at error level: nothing the target release removes is still used. */
  ready: boolean;
  errors: number;
  warnings: number;
  /** Findings by rule id, errors first. */
  byEntry: { id: string; findings: ReportFinding[] }[];
  /** Entries of the project's range that no rule can find. */
  byHand: readonly string[];
  /** Every counted report of the project, oldest first. */
  history: CountedReport[];
}

/** A register entry (or error condition, or parse error) and the projects that use it. */
export interface EntryImpact {
  id: string;
  title: string;
  entry?: RegisterEntry;
  /** Projects with findings of this rule, blocked ones first. */
  projects: { status: ProjectStatus; findings: ReportFinding[]; blocking: boolean }[];
  /** Projects where it is an error. */
  blocking: number;
  findings: number;
}

/** Everything the readiness site and files show. */
export interface ReadinessModel {
  target: string;
  generatedAt: string;
  registerVersion: string;
  siteUrl: string;
  projects: ProjectStatus[];
  entries: EntryImpact[];
  /** Entries no rule finds, with how many counted projects' ranges include them (and the platform's links, if imported). */
  byHand: { id: string; title: string; projects: number; platform?: ImportedFacts }[];
  unread: UnreadFile[];
  /** Expected projects with no counted report. */
  missing: string[];
  totals: { projects: number; ready: number; notReady: number; findings: number; errors: number; warnings: number };
  /** Findings over time, when reports of more than one day were given. */
  trend?: Trend;
}

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
  reports: readonly ReadReport[];
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
  const byProject = new Map<string, CountedReport[]>();
  const seen = new Map<string, string>();
  for (const { file, report } of input.reports) {
    const problem = coverageProblem(report, target, version, rules);
    if (problem) {
      unread.push({ file, reason: problem });
      continue;
    }
    const counted = { ...report, file } as CountedReport;
    const key = `${counted.project}\n${counted.time}`;
    const earlier = seen.get(key);
    if (earlier) {
      unread.push({ file, reason: `repeats ${earlier} (same project and time)` });
      continue;
    }
    seen.set(key, file);
    const list = byProject.get(counted.project) ?? [];
    list.push(counted);
    byProject.set(counted.project, list);
  }

  const projects: ProjectStatus[] = [];
  for (const [project, history] of byProject) {
    history.sort((a, b) => Date.parse(a.time) - Date.parse(b.time));
    const report = history[history.length - 1] as CountedReport;
    const groups = new Map<string, ReportFinding[]>();
    let errors = 0;
    for (const finding of report.findings) {
      if (finding.severity === 'error') errors++;
      const group = groups.get(finding.ruleId) ?? [];
      group.push(finding);
      groups.set(finding.ruleId, group);
    }
    const byEntry = [...groups]
      .map(([id, findings]) => ({ id, findings }))
      .sort((a, b) => errorsIn(b.findings) - errorsIn(a.findings) || a.id.localeCompare(b.id));
    projects.push({
      project,
      slug: projectSlug(project),
      report,
      ready: errors === 0,
      errors,
      warnings: report.findings.length - errors,
      byEntry,
      byHand: rules.byHand(report.range),
      history,
    });
  }
  projects.sort((a, b) => a.project.localeCompare(b.project));

  const impacts = new Map<string, EntryImpact>();
  for (const status of projects) {
    for (const { id, findings } of status.byEntry) {
      let impact = impacts.get(id);
      if (!impact) {
        impact = { id, ...titleOf(register, id), projects: [], blocking: 0, findings: 0 };
        impacts.set(id, impact);
      }
      const blocking = findings.some((finding) => finding.severity === 'error');
      impact.projects.push({ status, findings, blocking });
      impact.findings += findings.length;
      if (blocking) impact.blocking++;
    }
  }
  const entries = [...impacts.values()].sort(
    (a, b) => b.blocking - a.blocking || b.projects.length - a.projects.length || a.id.localeCompare(b.id),
  );
  for (const impact of entries) impact.projects.sort((a, b) => Number(b.blocking) - Number(a.blocking));

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
    findings += status.report.findings.length;
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

function errorsIn(findings: readonly ReportFinding[]): number {
  let count = 0;
  for (const finding of findings) if (finding.severity === 'error') count++;
  return count;
}
