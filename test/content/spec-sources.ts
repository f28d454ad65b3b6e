/**
 * Where in the spec each register fact comes from. The coverage fixtures (`test/fixtures/spec-coverage/`)
 * transcribe every item of the spec with the ids that model it; here each transcription is found in the
 * spec again, so an id's source is the spec lines its items stand on. A transcription is the spec's words
 * cut with `…`, table cells joined with ` | `, an endpoint row's method and path before ` — `, and a table
 * row's first cell before `: `.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { load } from 'js-yaml';
import { flatten, type SpecLine, type SpecText } from './spec-text.ts';

const COVERAGE = path.resolve(import.meta.dirname, '../fixtures/spec-coverage');
const METHOD = /^(GET|POST|PUT|PATCH|DELETE) (?=\/)/;

/** One transcribed spec item. */
export interface CoverageItem {
  file: string;
  item: string;
  entries: string[];
  part?: string;
}

/** Every transcribed item, in file order. */
export function coverageItems(): CoverageItem[] {
  return readdirSync(COVERAGE)
    .filter((name) => name.endsWith('.yaml'))
    .sort()
    .flatMap((file) =>
      (load(readFileSync(path.join(COVERAGE, file), 'utf8')) as Omit<CoverageItem, 'file'>[]).map((item) => ({ ...item, file })),
    );
}

/** The pieces of a transcription that each stand in the spec as written. */
function fragments(item: string): string[] {
  return item
    .split(/ \| | — |…/)
    .map((piece) => piece.replace(/`/g, '').trim().replace(METHOD, ''))
    .filter((piece) => piece.length > 0);
}

/** The spec lines that hold a fragment, or that hold it once a leading table cell (`Area: `) is dropped. */
function linesOf(spec: SpecText, fragment: string): SpecLine[] {
  const whole = spec.linesWith([fragment]);
  if (whole.length > 0) return whole;
  const cell = /^([^:]{1,40}): (.+)$/.exec(fragment);
  return cell ? spec.linesWith([cell[2] as string]).filter((line) => line.text.includes(flatten(cell[1] as string))) : [];
}

/** The result of finding every item in the spec. */
export interface Sources {
  /** Spec lines per id (entry, limit, error, flag, language, endpoint or area id). */
  byId: Map<string, SpecLine[]>;
  /**
   * The clauses (parts of a line between `; `) that hold an id's transcribed items: what the spec says
   * of that change alone, where one line holds many (the 16.0 list, a row of the 17.0 table).
   */
  clausesById: Map<string, string[]>;
  /** Items with a fragment the spec does not hold, with that fragment. */
  unfound: { item: CoverageItem; fragment: string }[];
}

/** Finds every coverage item in the spec. */
export function specSources(spec: SpecText, items: readonly CoverageItem[] = coverageItems()): Sources {
  const byId = new Map<string, SpecLine[]>();
  const clausesById = new Map<string, string[]>();
  const unfound: Sources['unfound'] = [];
  for (const item of items) {
    const pieces = fragments(item.item);
    const found = pieces.map((fragment) => linesOf(spec, fragment));
    pieces.forEach((fragment, index) => {
      if (found[index]?.length === 0) unfound.push({ item, fragment });
    });
    // The line that holds every piece; else, for an item the spec spreads over lines, the lines of its
    // longer pieces (a short one such as an endpoint number or a method is in too many lines to say).
    const together = found.reduce((common, lines) => common.filter((line) => lines.includes(line)));
    const lines = together.length > 0 ? together : found.filter((_, index) => (pieces[index] as string).length >= 8).flat();
    // What the item says, without its label (the head before ` — `, an `Area: ` cell, a `Label:` piece);
    // a clause without its leading cells and trailing pipe.
    const meaningful = (list: string[]) =>
      list
        .filter((piece) => !piece.trim().endsWith(':'))
        .map((piece) => flatten(piece).replace(/^[^:|]{1,40}: /, ''))
        .filter((piece) => piece.length >= 8);
    const said = meaningful(item.item.includes(' — ') ? pieces.slice(1) : pieces);
    // An item that says only `removed` after its head is about the head.
    const flat = said.length > 0 ? said : meaningful(pieces);
    const core = (clause: string) =>
      (
        clause
          .split(' | ')
          .filter((cell) => cell.replace(/\|/g, '').trim())
          .pop() ?? ''
      ).replace(/[|\s]+$/, '');
    const clauses = lines
      .flatMap((line) => line.text.split(/; | and the /))
      .filter((clause) =>
        flat.some((piece) => clause.includes(piece) || (core(clause).length >= 8 && piece.includes(core(clause)))),
      );
    for (const id of item.entries) {
      const known = byId.get(id) ?? [];
      for (const line of lines) if (!known.includes(line)) known.push(line);
      byId.set(id, known);
      clausesById.set(id, [...new Set([...(clausesById.get(id) ?? []), ...clauses])]);
    }
  }
  return { byId, clausesById, unfound };
}
