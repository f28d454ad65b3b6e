import type { Match } from '../../findings/finding.ts';
import type { AnalyzedFile } from '../file/analyzed-file.ts';
import type { FileKind } from '../file/file-kind.ts';
import type { YamlShape } from '../file/yaml-shape.ts';

/** A detection rule compiled for running: what to prefilter on, which files it reads, how it matches. */
export interface Matcher {
  /**
   * A literal every match contains, used by the one-pass prefilter. Undefined means the rule has no
   * such literal and reads every file it applies to.
   */
  anchor: string | undefined;
  /**
   * Where no one literal is in every match: further literals, so that every match holds `anchor` or one of
   * these (a flag its command owns is found with or without the command's name before it).
   */
  otherAnchors?: readonly string[];
  /**
   * Where no word character (`\w`) can join an anchor in a match: `'word'` on neither side, `'end'` not after
   * it (a GraphQL name in a code string may follow an escape such as `\n`, so only its end is sure). A file
   * whose every occurrence of the anchors is part of a longer word (`CI_JOB_JWT_NOTE`) then skips the rule
   * unread. Said only of rules whose every pattern bounds the anchor so; every rule's examples are checked
   * against it (`test/check/rules/match-rule.ts`). A side of the anchor that is not a word character
   * needs no such edge.
   */
  anchorEdges?: 'word' | 'end';
  /** Whether the rule reads a file of this kind and root-relative path. */
  applies(kind: FileKind, rootPath: string): boolean;
  /**
   * YAML files this rule also reads, known by their structure wherever they lie (a security policy outside
   * the policies folder); undefined when the rule reads files by kind and path alone.
   */
  shapes?: readonly YamlShape[];
  /**
   * Base names of files this rule reads whatever their bytes hold, as long as it applies to them: a file of
   * an environment directory is named for its variable and holds only the value, so the anchor is in its
   * path, not its text.
   */
  fileNames?: readonly string[];
  /** Every match in a file. */
  match(file: AnalyzedFile): Match[];
  /**
   * For a rule that reports something missing: what another file of the repository may hold that settles
   * its findings (a CI file that sets the variable the rule looks for). `key` names it and `settles` says
   * whether a file does; a finding stands only if no file the check reads settles its key.
   */
  settledElsewhere?: { key: string; settles(file: AnalyzedFile): boolean };
}

/** Whether a rule reads a file: by the file's kind and path, or by the shape of its YAML. */
export function readsFile(matcher: Matcher, file: AnalyzedFile): boolean {
  if (matcher.applies(file.kind, file.rootPath)) return true;
  return matcher.shapes?.some((shape) => file.shapes().has(shape)) ?? false;
}

/** A rule's prefilter literals: none when it has no anchor (it reads every file it applies to). */
export const anchorsOf = ({ anchor, otherAnchors }: Pick<Matcher, 'anchor' | 'otherAnchors'>): readonly string[] =>
  anchor ? [anchor, ...(otherAnchors ?? [])] : [];

/** Whether a UTF-16 code unit is a word character as `\w` reads it: a letter or digit of ASCII, or `_`. */
function isWordUnit(unit: number): boolean {
  return (unit >= 0x61 && unit <= 0x7a) || (unit >= 0x41 && unit <= 0x5a) || (unit >= 0x30 && unit <= 0x39) || unit === 0x5f;
}

/**
 * Whether `anchor` occurs in `text` with its edges as `edges` says (see `Matcher.anchorEdges`): not joined
 * to a word character before it (with `'word'`) or after it. An edge of the anchor that is itself no word
 * character is not looked at, since no `\w` boundary can fall there.
 */
export function anchorStands(text: string, anchor: string, edges: 'word' | 'end'): boolean {
  if (anchor === '') return false;
  const checkStart = edges === 'word' && isWordUnit(anchor.charCodeAt(0));
  const checkEnd = isWordUnit(anchor.charCodeAt(anchor.length - 1));
  for (let at = text.indexOf(anchor); at !== -1; at = text.indexOf(anchor, at + 1)) {
    if (checkStart && at > 0 && isWordUnit(text.charCodeAt(at - 1))) continue;
    const after = at + anchor.length;
    if (checkEnd && after < text.length && isWordUnit(text.charCodeAt(after))) continue;
    return true;
  }
  return false;
}

/** What compiling a rule needs to know about the repository. */
export interface MatcherEnv {
  /** The repository's configuration directory (`{config_dir}`). */
  configDir: string;
}

/**
 * A value built when first asked for. A check compiles every active rule, but the prefilter passes few
 * files to most of them, so rules build their regular expressions (each parsed on construction) only once
 * a file holds their anchor.
 */
export function onFirstUse<T>(build: () => T): () => T {
  let built: { value: T } | undefined;
  return () => {
    built ??= { value: build() };
    return built.value;
  };
}

export { escapeRegExp } from '../file/escape-regexp.ts';

/** Kinds that hold code or configuration: everything but prose. */
export const NOT_PROSE: readonly FileKind[] = ['ci-yaml', 'yaml', 'graphql', 'code'];

/**
 * Runs a global regular expression over a file and returns its matches, leaving out those inside
 * comments. When the pattern has a named group `at` (or, in a pattern of alternatives, `at0`, `at1`, …,
 * since Node 22 allows no duplicate group names), the match is placed at that group.
 */
export function findAll(file: AnalyzedFile, pattern: RegExp): Match[] {
  const matches: Match[] = [];
  for (const found of file.source.text.matchAll(pattern)) {
    const groups = found.indices?.groups;
    const at = groups && (groups.at ?? Object.entries(groups).find(([name, range]) => range && /^at\d+$/.test(name))?.[1]);
    const offset = at ? at[0] : (found.index ?? 0);
    if (file.source.inComment(offset)) continue;
    matches.push({ offset, text: at ? file.source.text.slice(at[0], at[1]) : found[0] });
  }
  return matches;
}
