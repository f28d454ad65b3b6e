/**
 * Reads the JSON reports StrykerJS wrote per group (`.cache/mutation/<group>/mutation.json`) and sums them
 * up: the mutation score per module and per group, and every mutant that survived, with the source it
 * changed, unless `equivalent-mutants.ts` explains it as one no test can tell apart.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { EQUIVALENT_MUTANTS, type EquivalentMutant } from './equivalent-mutants.ts';
import type { MutationGroup } from './modules.ts';

/** A mutant as Stryker's JSON report (mutation-testing-report-schema) records it. */
interface ReportMutant {
  id: string;
  mutatorName: string;
  replacement?: string;
  status: string;
  /** Acts while its module loads (a top-level constant or pattern), maybe also later. */
  static?: boolean;
  location: { start: { line: number; column: number }; end: { line: number; column: number } };
}

interface Report {
  files: Record<string, { source: string; mutants: ReportMutant[] }>;
}

/** A mutant that no test noticed. */
export interface Survivor {
  file: string;
  line: number;
  mutator: string;
  /** The source text the mutant replaced. */
  original: string;
  /** The whole line the mutant starts on. */
  lineText?: string;
  /** The line after it. */
  lineAfter?: string;
  replacement: string;
  status: 'Survived' | 'NoCoverage';
  /** Why it is equivalent, when `equivalent-mutants.ts` says so. */
  equivalent?: string;
}

/** Counts for one module or group. */
export interface Score {
  killed: number;
  survived: number;
  /** Survivors explained as equivalent. */
  equivalent: number;
  /** Mutants no test reached at all (counted as survivors). */
  noCoverage: number;
  /**
   * Static mutants, not counted in the score: those Stryker did not run (`ignoreStatic`), and those it ran
   * but could not switch on before their module loaded (part static, part reached by a test), which
   * survive whatever the tests check (see stryker.config.mjs).
   */
  ignored: number;
  /** Killed (or timed out) over every mutant that ran or could have: Stryker's mutation score. */
  score: number;
  /** The same with explained equivalents left out of the count. */
  scoreWithoutEquivalents: number;
}

const DETECTED = new Set(['Killed', 'Timeout']);
const UNDETECTED = new Set(['Survived', 'NoCoverage']);

/** The JSON report of a group, or undefined when the group has not run in this checkout. */
export function readGroupReport(group: MutationGroup, root = process.cwd()): Report | undefined {
  const file = path.join(root, '.cache', 'mutation', group.id, 'mutation.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Report) : undefined;
}

/** The text between two 1-based line/column positions of a source. */
function sourceAt(source: string, location: ReportMutant['location']): string {
  const lines = source.split('\n');
  const { start, end } = location;
  if (start.line === end.line) return (lines[start.line - 1] ?? '').slice(start.column - 1, end.column - 1);
  const first = (lines[start.line - 1] ?? '').slice(start.column - 1);
  const last = (lines[end.line - 1] ?? '').slice(0, end.column - 1);
  return [first, ...lines.slice(start.line, end.line - 1), last].join('\n');
}

const squash = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The explanation that matches a survivor: same file and mutator, and the same original and replacement text. */
export function explanationFor(survivor: Omit<Survivor, 'equivalent'>, known: readonly EquivalentMutant[] = EQUIVALENT_MUTANTS) {
  return known.find(
    (item) =>
      item.file === survivor.file &&
      item.mutator === survivor.mutator &&
      squash(item.original) === squash(survivor.original) &&
      (item.replacement === undefined || squash(item.replacement) === squash(survivor.replacement)) &&
      (item.within === undefined || (survivor.lineText ?? '').includes(item.within)) &&
      (item.followedBy === undefined || (survivor.lineAfter ?? '').includes(item.followedBy)),
  )?.why;
}

function scoreOf(killed: number, survivors: readonly Survivor[], ignored = 0): Score {
  const equivalent = survivors.filter((survivor) => survivor.equivalent).length;
  const ratio = (detected: number, total: number) => (total === 0 ? 100 : Math.round((detected / total) * 10_000) / 100);
  return {
    killed,
    survived: survivors.length,
    equivalent,
    noCoverage: survivors.filter((survivor) => survivor.status === 'NoCoverage').length,
    ignored,
    score: ratio(killed, killed + survivors.length),
    scoreWithoutEquivalents: ratio(killed, killed + survivors.length - equivalent),
  };
}

/** Scores per module of one report, and its survivors. */
export function scoreReport(report: Report): { modules: Map<string, Score>; survivors: Survivor[]; total: Score } {
  const modules = new Map<string, Score>();
  const all: Survivor[] = [];
  let killedTotal = 0;
  let ignoredTotal = 0;
  for (const [file, { source, mutants }] of Object.entries(report.files)) {
    let killed = 0;
    let ignored = 0;
    const survivors: Survivor[] = [];
    for (const mutant of mutants) {
      if (DETECTED.has(mutant.status)) killed++;
      else if (mutant.status === 'Ignored' || (mutant.static && UNDETECTED.has(mutant.status))) ignored++;
      else if (UNDETECTED.has(mutant.status)) {
        const survivor = {
          file,
          line: mutant.location.start.line,
          mutator: mutant.mutatorName,
          original: sourceAt(source, mutant.location),
          lineText: source.split('\n')[mutant.location.start.line - 1] ?? '',
          lineAfter: source.split('\n')[mutant.location.start.line] ?? '',
          replacement: mutant.replacement ?? '',
          status: mutant.status as Survivor['status'],
        };
        const why = explanationFor(survivor);
        survivors.push(why ? { ...survivor, equivalent: why } : survivor);
      }
    }
    modules.set(file, scoreOf(killed, survivors, ignored));
    all.push(...survivors);
    killedTotal += killed;
    ignoredTotal += ignored;
  }
  return { modules, survivors: all, total: scoreOf(killedTotal, all, ignoredTotal) };
}
