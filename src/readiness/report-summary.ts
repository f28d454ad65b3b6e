/**
 * One report as readiness keeps it once read: who, when, what range, the counts by rule, and where its
 * findings wait in the spool. Small and of fixed shape, so a run over every project of an instance holds
 * one per report in memory while the findings themselves stay on disk until their project's pages.
 */
import type { CheckRange } from '../findings/active-rules.ts';
import type { SpoolPlace } from './finding-spool.ts';
import type { ReportRead } from './report-reader.ts';

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

/** The run's number of a rule id, numbering it when first met. */
export function internRule(intern: InternTable, id: string): number {
  let index = intern.ruleIndex.get(id);
  if (index === undefined) {
    index = intern.rules.length;
    intern.rules.push(id);
    intern.ruleIndex.set(id, index);
  }
  return index;
}

/**
 * Sums up a report as a reading thread passed it on (report-reader.ts): its counts by rule, renumbered
 * from the thread's rule numbers (`ruleNumbers`, thread's number to the run's) to the run's table.
 */
export function summarize(
  read: ReportRead,
  file: string,
  problems: ReportSummary['problems'],
  intern: InternTable,
  ruleNumbers: readonly number[],
): ReportSummary {
  const counts: [number, number, number][] = [];
  for (let at = 0; at < read.counts.length; at += 3)
    counts.push([ruleNumbers[read.counts[at] as number] as number, read.counts[at + 1] as number, read.counts[at + 2] as number]);
  return {
    file,
    ...(read.project !== undefined ? { project: read.project } : {}),
    ...(read.time !== undefined ? { time: read.time } : {}),
    ...(read.commit !== undefined ? { commit: read.commit } : {}),
    range: sharedRange(intern, read.range),
    tool: { version: shared(intern, read.toolVersion) },
    ...(read.registerVersion !== undefined ? { register: { version: shared(intern, read.registerVersion) } } : {}),
    summary: { suppressed: read.summary.suppressed, baselined: read.summary.baselined, scanned: read.summary.scanned },
    problems: problems.before || problems.after ? problems : NO_PROBLEMS,
    findings: read.findings,
    errors: read.errors,
    rules: packCounts(counts),
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
