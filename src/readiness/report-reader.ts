/**
 * What one reading thread does with each report file: read, parse and check it, spool its findings as a
 * block, and pass on what its summary needs as plain numbers and a few strings, in batches. The same code
 * runs on the main thread for a few files and in worker threads for many (read-all-reports.ts); rule ids
 * and rule lists are numbered per thread and sent once each, so a batch stays small however many reports
 * repeat them.
 */
import type { CheckRange } from '../findings/active-rules.ts';
import { BlockEncoder, type EncodedFindings } from './finding-block.ts';
import type { SpoolPlace, SpoolWriter } from './finding-spool.ts';
import { readReport } from './read-reports.ts';
import type { CheckReport } from './report-schema.ts';

/** A report that fits the format, as its summary needs it. */
export interface ReportRead {
  /** Index of the file in the run's list. */
  index: number;
  project?: string;
  time?: string;
  commit?: string;
  range: CheckRange;
  toolVersion: string;
  registerVersion?: string;
  summary: { suppressed: number; baselined: number; scanned: number };
  /** The report's list of rules run, as an index into the thread's lists; -1 when it records none. */
  rules: number;
  findings: number;
  errors: number;
  /** Per rule of the report, in the order first met: the rule (into the thread's rule ids), findings, errors. */
  counts: Float64Array;
  /** Where its findings are spooled. */
  place: SpoolPlace;
}

/**
 * What a summary needs of one report: its facts, its findings' counts as the thread's encoder gave them
 * (`encoded`), its list of rules run (`rules`, an index into the thread's lists, or -1) and where its findings
 * are spooled.
 */
export function reportRead(
  index: number,
  report: CheckReport,
  encoded: EncodedFindings,
  rules: number,
  place: SpoolPlace,
): ReportRead {
  return {
    index,
    ...(report.project !== undefined ? { project: report.project } : {}),
    ...(report.time !== undefined ? { time: report.time } : {}),
    ...(report.commit !== undefined ? { commit: report.commit } : {}),
    range: report.range,
    toolVersion: report.tool.version,
    ...(report.register ? { registerVersion: report.register.version } : {}),
    summary: report.summary,
    rules,
    findings: report.findings.length,
    errors: encoded.errors,
    counts: encoded.counts,
    place,
  };
}

/** What a thread read since its last batch. */
export interface ReadBatch {
  reads: ReportRead[];
  unread: { index: number; reason: string }[];
  /** Rule ids first met since the last batch, numbered on from the thread's earlier ones. */
  ruleIds: string[];
  /** Files, matched texts and messages first met since the last batch, numbered likewise. */
  texts: string[];
  /** Rule lists first met since the last batch, numbered likewise. */
  ruleLists: string[][];
}

/** Reads report files for one thread, spooling their findings to `spool`. */
export class ReportReader {
  readonly #cwd: string;
  readonly #spool: SpoolWriter;
  readonly #encoder = new BlockEncoder();
  readonly #listIndex = new Map<string, number>();
  #batch: Pick<ReadBatch, 'reads' | 'unread' | 'ruleLists'> = { reads: [], unread: [], ruleLists: [] };
  #sent = { rules: 0, texts: 0 };

  constructor(cwd: string, spool: SpoolWriter) {
    this.#cwd = cwd;
    this.#spool = spool;
  }

  /** Reads file `index` of the run into the current batch. */
  read(index: number, file: string): void {
    const result = readReport(file, this.#cwd);
    if (!('report' in result)) {
      this.#batch.unread.push({ index, reason: result.reason });
      return;
    }
    const { report } = result;
    const encoded = this.#encoder.encode(report.findings);
    const rules = report.rules ? this.#ruleList(report.rules) : -1;
    this.#batch.reads.push(reportRead(index, report, encoded, rules, this.#spool.append(encoded.bytes)));
  }

  /** What was read since the last call. */
  takeBatch(): ReadBatch {
    const { rules, texts } = this.#encoder.tables;
    const batch = { ...this.#batch, ruleIds: rules.slice(this.#sent.rules), texts: texts.slice(this.#sent.texts) };
    this.#sent = { rules: rules.length, texts: texts.length };
    this.#batch = { reads: [], unread: [], ruleLists: [] };
    return batch;
  }

  #ruleList(rules: string[]): number {
    const key = JSON.stringify(rules);
    let index = this.#listIndex.get(key);
    if (index === undefined) {
      index = this.#listIndex.size;
      this.#listIndex.set(key, index);
      this.#batch.ruleLists.push(rules);
    }
    return index;
  }
}
