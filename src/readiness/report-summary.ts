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
  /**
   * Findings and errors by rule, packed (see {@link packCounts}): an instance's run keeps a summary per
   * report, and counts as objects or arrays would be most of its memory. Read with {@link ruleCountsOf}.
   */
  rules: string;
  /** The rule ids the packed counts refer to by index, shared by every summary of a run. */
  ruleTable: readonly string[];
  /** Where its findings are spooled (none for a report that cannot be counted). */
  spool?: SpoolPlace;
}

/** A summary of a report that names its project and time: one that can be counted. */
export type CountedSummary = ReportSummary & { project: string; time: string };

/**
 * What the summaries of one run share: strings by text (versions, releases), so a hundred thousand reports
 * of one range hold one range, and the rule ids, numbered, which packed counts refer to.
 */
export interface InternTable {
  strings: Map<string, string>;
  rules: string[];
  ruleIndex: Map<string, number>;
}

/** A table for one run. */
export function internTable(): InternTable {
  return { strings: new Map(), rules: [], ruleIndex: new Map() };
}

function shared(intern: InternTable, text: string): string {
  const known = intern.strings.get(text);
  if (known !== undefined) return known;
  intern.strings.set(text, text);
  return text;
}

/** Char codes from here on start a number too large for one: the next two hold its high and low 16 bits. */
const WIDE = 0xffff;

/** Appends a whole number to char codes: one code below {@link WIDE}, else three. */
function pushNumber(codes: number[], value: number): void {
  if (value < WIDE) codes.push(value);
  else codes.push(WIDE, Math.floor(value / 0x10000), value % 0x10000);
}

/**
 * Rule index, findings and errors of each rule, as the char codes of one string: most counts are small, so
 * the string is mostly one byte a number (about three bytes a rule where an array would take twenty-four).
 */
export function packCounts(counts: readonly (readonly [number, number, number])[]): string {
  const codes: number[] = [];
  for (const [index, findings, errors] of counts) {
    pushNumber(codes, index);
    pushNumber(codes, findings);
    pushNumber(codes, errors);
  }
  let text = '';
  // In slices: String.fromCharCode takes its codes as arguments, and arguments are limited.
  for (let at = 0; at < codes.length; at += 8192) text += String.fromCharCode(...codes.slice(at, at + 8192));
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

/** Sums up a parsed report: counts by rule (numbered in `intern`'s table), errors and findings. */
export function summarize(
  report: CheckReport,
  file: string,
  problems: ReportSummary['problems'],
  intern: InternTable,
): ReportSummary {
  // Per rule of the run's table: [index, findings, errors], in the order first met.
  const byRule = new Map<number, [number, number, number]>();
  let errors = 0;
  for (const finding of report.findings) {
    let index = intern.ruleIndex.get(finding.ruleId);
    if (index === undefined) {
      index = intern.rules.length;
      intern.rules.push(finding.ruleId);
      intern.ruleIndex.set(finding.ruleId, index);
    }
    let counts = byRule.get(index);
    if (!counts) {
      counts = [index, 0, 0];
      byRule.set(index, counts);
    }
    counts[1]++;
    if (finding.severity === 'error') {
      counts[2]++;
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
    rules: packCounts([...byRule.values()]),
    ruleTable: intern.rules,
  };
}

/** Each rule id of a summary with its findings and errors. */
export function* ruleCountsOf(summary: Pick<ReportSummary, 'rules' | 'ruleTable'>): Generator<[string, number, number]> {
  const { rules } = summary;
  let at = 0;
  const next = () => {
    const code = rules.charCodeAt(at++);
    if (code !== WIDE) return code;
    const value = rules.charCodeAt(at) * 0x10000 + rules.charCodeAt(at + 1);
    at += 2;
    return value;
  };
  while (at < rules.length) {
    const index = next();
    const findings = next();
    const errors = next();
    yield [summary.ruleTable[index] as string, findings, errors];
  }
}
