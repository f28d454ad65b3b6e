/**
 * Reports' findings as readiness keeps them between reading and writing. A run's reports repeat the same
 * rule ids, files, matched texts and messages over and over, so each reading thread numbers every distinct
 * text once (its {@link TextTables}), and a report's findings become a few small numbers each: a block of
 * variable-length integers, about eight bytes a finding. Every later step (the CSV's quoting, the pages'
 * escaping) then works on each distinct text once rather than once a finding, and blocks travel through
 * the spool and between threads as bytes, not as millions of objects.
 */
import type { ReportFinding } from './report-schema.ts';
import { ByteSink, ByteSource } from './varint.ts';

/** Numbers per finding in {@link FindingBlock.data}. */
export const FIELDS = 7;
/** Where each number of a finding's row is. */
export const FIELD = { rule: 0, error: 1, file: 2, line: 3, column: 4, match: 5, message: 6 } as const;

/** The texts a reading thread numbered: rule ids, and files, matched texts and messages. */
export interface TextTables {
  rules: string[];
  texts: string[];
}

/** The findings of one report, decoded. */
export interface FindingBlock extends Readonly<TextTables> {
  /**
   * A row of {@link FIELDS} numbers per finding, in report order: rule (into `rules`), 1 for an error or 0
   * for a warning, file, line, column, match and message (into `texts`).
   */
  data: Float64Array;
}

/** How many findings a block holds. */
export const findingCount = (block: FindingBlock): number => block.data.length / FIELDS;

/** A block with no findings. */
export const EMPTY_BLOCK: FindingBlock = Object.freeze({ rules: [], texts: [], data: new Float64Array(0) });

/** One report's findings encoded, with its counts by rule. */
export interface EncodedFindings {
  bytes: Uint8Array;
  errors: number;
  /** Per rule of the report, in the order first met: the rule (into the thread's table), findings, errors. */
  counts: Float64Array;
}

/** Numbers a reading thread's texts and encodes its reports' findings against them. */
export class BlockEncoder {
  /** Everything numbered so far. */
  readonly tables: TextTables = { rules: [], texts: [] };
  readonly #ruleIndex = new Map<string, number>();
  readonly #textIndex = new Map<string, number>();
  readonly #sink = new ByteSink();

  /** Encodes checked findings. */
  encode(findings: readonly ReportFinding[]): EncodedFindings {
    const sink = this.#sink;
    sink.put(findings.length);
    // Rule (in the thread's table) to its place in the report's counts.
    const places = new Map<number, number>();
    const counts: number[] = [];
    let errors = 0;
    for (const finding of findings) {
      const rule = this.#rule(finding.ruleId);
      const error = finding.severity === 'error' ? 1 : 0;
      sink.put(rule * 2 + error);
      sink.put(this.#text(finding.file));
      sink.put(finding.line);
      sink.put(finding.column);
      sink.put(this.#text(finding.match));
      sink.put(this.#text(finding.message));
      let place = places.get(rule);
      if (place === undefined) {
        place = counts.length;
        places.set(rule, place);
        counts.push(rule, 0, 0);
      }
      counts[place + 1] = (counts[place + 1] as number) + 1;
      counts[place + 2] = (counts[place + 2] as number) + error;
      errors += error;
    }
    return { bytes: sink.take(), errors, counts: Float64Array.from(counts) };
  }

  #rule(id: string): number {
    let index = this.#ruleIndex.get(id);
    if (index === undefined) {
      index = this.tables.rules.length;
      this.tables.rules.push(id);
      this.#ruleIndex.set(id, index);
    }
    return index;
  }

  #text(value: string): number {
    let index = this.#textIndex.get(value);
    if (index === undefined) {
      index = this.tables.texts.length;
      this.tables.texts.push(value);
      this.#textIndex.set(value, index);
    }
    return index;
  }
}

/** A block from {@link BlockEncoder.encode}'s bytes and the tables of the thread that encoded it. */
export function decodeBlock(bytes: Uint8Array, tables: Readonly<TextTables>): FindingBlock {
  const source = new ByteSource(bytes);
  const data = new Float64Array(source.next() * FIELDS);
  for (let row = 0; row < data.length; row += FIELDS) {
    const rule = source.next();
    data[row] = Math.floor(rule / 2);
    data[row + 1] = rule % 2;
    data[row + 2] = source.next();
    data[row + 3] = source.next();
    data[row + 4] = source.next();
    data[row + 5] = source.next();
    data[row + 6] = source.next();
  }
  return { rules: tables.rules, texts: tables.texts, data };
}

/** The findings of a block as objects (for tests and small uses; the site works on the block itself). */
export function findingsOf(block: FindingBlock): ReportFinding[] {
  const findings: ReportFinding[] = [];
  const { data, rules, texts } = block;
  for (let at = 0; at < data.length; at += FIELDS) {
    findings.push({
      ruleId: rules[data[at] as number] as string,
      severity: data[at + 1] ? 'error' : 'warning',
      file: texts[data[at + 2] as number] as string,
      line: data[at + 3] as number,
      column: data[at + 4] as number,
      match: texts[data[at + 5] as number] as string,
      message: texts[data[at + 6] as number] as string,
    });
  }
  return findings;
}
