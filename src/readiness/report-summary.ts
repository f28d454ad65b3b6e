/**
 * One report as readiness keeps it once read: who, when, what range, the counts by rule, and where its
 * findings wait in the spool. Small and of fixed shape, so a run over every project of an instance holds
 * one per report in memory while the findings themselves stay on disk until their project's pages.
 */
import type { CheckRange } from '../check/active-rules.ts';
import type { SpoolPlace } from './finding-spool.ts';
import type { CheckReport } from './report-schema.ts';

/** A report read and summed up. */
export interface ReportSummary {
  /** The path as given or found. */
  file: string;
  project?: string;
  time?: string;
  commit?: string;
  range: CheckRange;
  tool: { version: string };
  register?: { version: string };
  summary: { suppressed: number; baselined: number; scanned: number };
  /** Why it cannot be counted whatever the target: before the target is compared, and after. */
  problems: { before?: string; after?: string };
  findings: number;
  errors: number;
  /** The rule ids it has findings of (shared strings); for rule `ruleIds[i]`, findings at `2i`, errors at `2i + 1`. */
  ruleIds: string[];
  ruleCounts: Uint32Array;
  /** Where its findings are spooled (none for a report that cannot be counted). */
  spool?: SpoolPlace;
}

/** A summary of a report that names its project and time: one that can be counted. */
export type CountedSummary = ReportSummary & { project: string; time: string };

/**
 * Strings by text (rule ids, versions, releases), so a million findings of sixty rules hold sixty strings and
 * a hundred thousand reports of one range hold one range.
 */
export type InternTable = Map<string, string>;

function shared(intern: InternTable, text: string): string {
  const known = intern.get(text);
  if (known !== undefined) return known;
  intern.set(text, text);
  return text;
}

/** One object per distinct range, shared by every summary of it. */
const ranges = new Map<string, CheckRange>();
function sharedRange(intern: InternTable, range: CheckRange): CheckRange {
  const key = `${range.from}|${range.to}|${range.offering ?? ''}`;
  let known = ranges.get(key);
  if (!known) {
    known = {
      from: shared(intern, range.from),
      to: shared(intern, range.to),
      ...(range.offering ? { offering: range.offering } : {}),
    };
    ranges.set(key, known);
  }
  return known;
}

/** The empty problems, one object for every countable report. */
const NO_PROBLEMS: ReportSummary['problems'] = Object.freeze({});

/** Sums up a parsed report: counts by rule (with ids taken from `intern`), errors and findings. */
export function summarize(
  report: CheckReport,
  file: string,
  problems: ReportSummary['problems'],
  intern: InternTable,
): ReportSummary {
  const index = new Map<string, number>();
  const ruleIds: string[] = [];
  const counts: number[] = [];
  let errors = 0;
  for (const finding of report.findings) {
    let at = index.get(finding.ruleId);
    if (at === undefined) {
      let id = intern.get(finding.ruleId);
      if (id === undefined) {
        id = finding.ruleId;
        intern.set(id, id);
      }
      at = ruleIds.length;
      index.set(id, at);
      ruleIds.push(id);
      counts.push(0, 0);
    }
    counts[2 * at] = (counts[2 * at] as number) + 1;
    if (finding.severity === 'error') {
      counts[2 * at + 1] = (counts[2 * at + 1] as number) + 1;
      errors++;
    }
  }
  return {
    file,
    ...(report.project !== undefined ? { project: report.project } : {}),
    ...(report.time !== undefined ? { time: report.time } : {}),
    ...(report.commit !== undefined ? { commit: report.commit } : {}),
    range: sharedRange(intern, report.range),
    tool: { version: shared(intern, report.tool.version) },
    ...(report.register ? { register: { version: shared(intern, report.register.version) } } : {}),
    summary: { suppressed: report.summary.suppressed, baselined: report.summary.baselined, scanned: report.summary.scanned },
    problems: problems.before || problems.after ? problems : NO_PROBLEMS,
    findings: report.findings.length,
    errors,
    ruleIds,
    ruleCounts: Uint32Array.from(counts),
  };
}

/** Each rule id of a summary with its findings and errors. */
export function* ruleCountsOf(summary: Pick<ReportSummary, 'ruleIds' | 'ruleCounts'>): Generator<[string, number, number]> {
  for (let at = 0; at < summary.ruleIds.length; at++)
    yield [summary.ruleIds[at] as string, summary.ruleCounts[2 * at] as number, summary.ruleCounts[2 * at + 1] as number];
}
