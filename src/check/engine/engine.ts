import type { ActiveRule, Finding, Match, RuleInfo } from '../../findings/finding.ts';
import { PARSE_ERROR_ID } from '../../findings/finding.ts';
import { type AnalyzedFile, analyzeFile } from '../file/analyzed-file.ts';
import { type CiLayout, type FileKind, fileKind } from '../file/file-kind.ts';
import { createPrefilter, type Prefilter, type PrefilterTable } from '../file/prefilter.ts';
import { readSuppressions } from '../file/suppression.ts';
import { compileRule } from '../rules/compile-rule.ts';
import { anchorStands, anchorsOf, type Matcher } from '../rules/matcher.ts';
import { fingerprintOf, normaliseMatch } from './fingerprint.ts';

/** What the `parse-error` rule says about itself. */
export function parseErrorInfo(): RuleInfo {
  return {
    id: PARSE_ERROR_ID,
    title: 'A YAML or GraphQL file could not be parsed, so its keys and queries were not checked',
    description:
      'Sunset reads CI configuration, policies and GraphQL documents structurally. A file that does not parse cannot be checked that way, so it is reported instead of being skipped.',
    fix: 'Fix the syntax error, or add the file to .sunsetignore if it is not meant to be valid (a template, a test fixture).',
  };
}

const ALWAYS_PARSED: ReadonlySet<FileKind> = new Set(['ci-yaml']);

/** The findings of one file and how many matches inline comments suppressed. */
export interface FileResult {
  findings: Finding[];
  suppressed: number;
  /**
   * Findings that stand only if no file of the repository settles their key (see `Matcher.settledElsewhere`),
   * and the keys this file settles; both absent when no such rule read the file.
   */
  unless?: Map<Finding, string>;
  settles?: string[];
}

/** The rules of a check, compiled once and run file by file. */
export interface Engine {
  prefilter: Prefilter;
  /**
   * Whether a file goes to the matchers even when the prefilter finds nothing in it: CI configuration and
   * GraphQL, so one that does not parse is always reported; files a rule without an anchor reads (an
   * absence rule has no word every match holds); files named for what a rule looks for (an environment
   * directory's file, see `Matcher.fileNames`); and files that may settle another file's finding. Other
   * files are read when they hold a rule's anchor; without one no rule can match them, so leaving them
   * unread hides nothing.
   */
  readsAlways(rootPath: string): boolean;
  /** Checks one file's text; `anchors` are those the prefilter found (all rules run when omitted). */
  checkText(file: { path: string; rootPath: string }, text: string, anchors?: ReadonlySet<string>): FileResult;
}

interface Compiled {
  active: ActiveRule;
  matcher: Matcher;
}

/** Whether a built automaton's anchors (deduplicated and sorted) are exactly `anchors`. */
function sameAnchors(built: readonly string[], anchors: readonly string[]): boolean {
  const wanted = [...new Set(anchors)].sort();
  return wanted.length === built.length && wanted.every((anchor, index) => anchor === built[index]);
}

/**
 * Compiles active rules for one repository layout. `prefilter` is an automaton already built for the same
 * rules' anchors (another thread sifted with it), so it is not built again; one of other anchors is an error.
 */
export function createEngine(rules: readonly ActiveRule[], layout: CiLayout, prefilter?: PrefilterTable): Engine {
  const compiled: Compiled[] = rules.map((active) => ({ active, matcher: compileRule(active.rule, layout) }));
  const parseInfo = parseErrorInfo();

  const toFinding = (file: AnalyzedFile, match: Match, active: ActiveRule | undefined) => {
    const { line, column } = file.source.position(match.offset);
    const info = active?.info ?? parseInfo;
    return {
      ruleId: info.id,
      severity: active?.severity ?? 'error',
      file: file.path,
      line,
      column,
      match: normaliseMatch(match.text),
      message: match.message ?? active?.message ?? info.title,
      ...(info.fix ? { fix: info.fix } : {}),
      ...(info.helpUri ? { helpUri: info.helpUri } : {}),
      fingerprint: '',
    } satisfies Finding;
  };

  const anchors = compiled.flatMap(({ matcher }) => anchorsOf(matcher));
  // Files were sifted with the given automaton: one of other anchors would have dropped files these rules read.
  if (prefilter && !sameAnchors(prefilter.anchors, anchors))
    throw new Error('the prefilter was built for other anchors than these rules hold');
  const unanchored = compiled.filter(({ matcher }) => anchorsOf(matcher).length === 0);
  /** Rules that read files by their base name, whatever the file holds (see `Matcher.fileNames`). */
  const byName = new Map<string, Compiled[]>();
  for (const item of compiled)
    for (const name of item.matcher.fileNames ?? []) byName.set(name, [...(byName.get(name) ?? []), item]);
  const named = (rootPath: string) => (byName.size === 0 ? undefined : byName.get(rootPath.slice(rootPath.lastIndexOf('/') + 1)));
  const settling = compiled.filter(({ matcher }) => matcher.settledElsewhere);
  const byAnchor = new Map<string, Compiled[]>();
  for (const item of compiled)
    for (const anchor of anchorsOf(item.matcher)) byAnchor.set(anchor, [...(byAnchor.get(anchor) ?? []), item]);
  const order = new Map(compiled.map((item, index) => [item, index]));
  /**
   * The rules a file can match, in the rules' order: those whose anchor it holds, those without an anchor,
   * and those that read it by its name. Looked up by anchor, since a file holds few of the many anchors.
   */
  const withAnchors = (anchors: ReadonlySet<string>, byFileName: readonly Compiled[] | undefined, text: string): Compiled[] => {
    const chosen = new Set(unanchored);
    for (const anchor of anchors) {
      // Asked once per anchor and edge: several rules may share an anchor.
      const stands: { word?: boolean; end?: boolean } = {};
      for (const item of byAnchor.get(anchor) ?? []) {
        const edges = item.matcher.anchorEdges;
        // A rule whose matches never join its anchor to a longer word skips a file where the anchor only is part of one.
        if (edges !== undefined) stands[edges] ??= anchorStands(text, anchor, edges);
        if (edges === undefined || stands[edges]) chosen.add(item);
      }
    }
    for (const item of byFileName ?? []) chosen.add(item);
    return [...chosen].sort((a, b) => (order.get(a) as number) - (order.get(b) as number));
  };
  /** Rules that read CI configuration but not other YAML: a YAML file is parsed for its shape only when one could read it. */
  const ciOnly =
    (rootPath: string) =>
    ({ matcher }: Compiled) =>
      matcher.applies('ci-yaml', rootPath) && !matcher.applies('yaml', rootPath);
  return {
    prefilter: createPrefilter(anchors, prefilter),
    readsAlways(rootPath) {
      const kind = fileKind(rootPath, layout);
      const applies = ({ matcher }: Compiled) => matcher.applies(kind, rootPath);
      // A YAML file that is CI configuration only by its content is read when it holds some rule's anchor:
      // reading every YAML file for the few rules without one would cost more than they find.
      return (
        ALWAYS_PARSED.has(kind) || unanchored.some(applies) || settling.some(applies) || (named(rootPath)?.some(applies) ?? false)
      );
    },
    checkText(target, text, anchors) {
      const pathKind = fileKind(target.rootPath, layout);
      const byFileName = named(target.rootPath);
      const anchored = anchors ? withAnchors(anchors, byFileName, text) : compiled;
      const byShape = anchored.filter(({ matcher }) => matcher.shapes);
      const wantsShape =
        pathKind === 'yaml' &&
        (byShape.length > 0 || anchored.some(ciOnly(target.rootPath)) || settling.some(ciOnly(target.rootPath)));
      const byPath = ({ matcher }: Compiled) => matcher.applies(pathKind, target.rootPath);
      if (!wantsShape && !ALWAYS_PARSED.has(pathKind) && !anchored.some(byPath) && !settling.some(byPath))
        return { findings: [], suppressed: 0 };
      const file = analyzeFile(target.path, target.rootPath, text, pathKind);
      // CI configuration that lies where no path says so (a template other projects include) is known by its shape.
      if (wantsShape && file.shapes().has('ci')) file.kind = 'ci-yaml';
      const kind = file.kind;
      const shapes = wantsShape ? file.shapes() : undefined;
      const applies = ({ matcher }: Compiled) =>
        matcher.applies(kind, target.rootPath) ||
        (shapes !== undefined && (matcher.shapes?.some((shape) => shapes.has(shape)) ?? false));
      const candidates = anchored.filter(applies);
      const asked = settling.filter(applies);
      if (candidates.length === 0 && asked.length === 0 && !ALWAYS_PARSED.has(kind)) return { findings: [], suppressed: 0 };
      // Files read structurally are parsed once they are read at all, so a parse failure is reported.
      if (kind === 'ci-yaml') file.yaml();
      if (kind === 'graphql') file.graphql();

      // Every file a settling rule applies to is asked, whether or not it holds the rule's anchor.
      const settles = asked.flatMap(({ matcher: { settledElsewhere } }) =>
        settledElsewhere?.settles(file) ? [settledElsewhere.key] : [],
      );
      const all: Finding[] = [];
      let unless: Map<Finding, string> | undefined;
      for (const { active, matcher } of candidates) {
        const key = matcher.settledElsewhere?.key;
        // Settled in this very file: nothing to report here.
        if (key !== undefined && settles.includes(key)) continue;
        for (const match of matcher.match(file)) {
          const finding = toFinding(file, match, active);
          all.push(finding);
          if (key !== undefined) {
            unless ??= new Map();
            unless.set(finding, key);
          }
        }
      }
      for (const match of file.parseErrors) all.push(toFinding(file, match, undefined));
      all.sort((a, b) => a.line - b.line || a.column - b.column || a.ruleId.localeCompare(b.ruleId));
      // One finding per use: two rules of one entry (a REST path and its parameter, say) matching the same
      // line report it once, at the first column.
      const seen = new Set<string>();
      const raw = all.filter((finding) => {
        const key = `${finding.ruleId}@${finding.line}`;
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      });

      // Occurrences count before suppression, so removing a suppression does not shift other fingerprints.
      const occurrences = new Map<string, number>();
      for (const finding of raw) {
        const key = `${finding.ruleId}\0${finding.match}`;
        const occurrence = occurrences.get(key) ?? 0;
        occurrences.set(key, occurrence + 1);
        // Computed when first read (a report or baseline that shows it), so a check whose output has no
        // fingerprints never hashes. Enumerable, so copies to other threads and JSON carry the value.
        let fingerprint: string | undefined;
        Object.defineProperty(finding, 'fingerprint', {
          enumerable: true,
          configurable: true,
          get: () => {
            fingerprint ??= fingerprintOf(finding.ruleId, target.rootPath, finding.match, occurrence);
            return fingerprint;
          },
          set: (value: string) => {
            fingerprint = value;
          },
        });
      }
      // Comments are read for suppressions only when there is something to suppress.
      const suppressions = raw.length > 0 ? readSuppressions(file.source) : undefined;
      const kept = raw.filter((finding) => !suppressions?.covers(finding.line, finding.ruleId));
      return {
        findings: kept,
        suppressed: raw.length - kept.length,
        ...(unless ? { unless } : {}),
        ...(settles.length > 0 ? { settles } : {}),
      };
    },
  };
}
