import type { z } from 'zod';
import type { ciKeywordRuleSchema, yamlKeyRuleSchema } from '../../schemas/detect-rule.ts';
import type { AnalyzedFile } from '../file/analyzed-file.ts';
import { compileGlob, matchesAny } from '../file/glob.ts';
import { lastKey, nodesAt, parseKeyPath, valueOffset } from '../file/yaml-path.ts';
import type { Match } from '../finding.ts';
import type { Matcher, MatcherEnv } from './matcher.ts';

type CiKeywordRule = z.output<typeof ciKeywordRuleSchema>;
type YamlKeyRule = z.output<typeof yamlKeyRuleSchema>;

/**
 * Keys at a path in every YAML document of a file. Without `value` a match sits on the key; with it, on
 * the scalar or list item that holds the value (a map matches when it has the value as a key).
 */
function keyMatches(file: AnalyzedFile, path: string, value: string | undefined): Match[] {
  const steps = parseKeyPath(path);
  const matches: Match[] = [];
  for (const document of file.yaml() ?? []) {
    for (const hit of nodesAt(document.contents, steps)) {
      if (value === undefined) {
        matches.push({ offset: hit.offset, text: path });
        continue;
      }
      const offset = valueOffset(hit.node, value);
      if (offset !== undefined) matches.push({ offset, text: `${path}=${value}` });
    }
  }
  return matches;
}

/** The literal a key rule's files must contain: the last literal key, or the value when there is none. */
function keyAnchor(path: string, value: string | undefined): string | undefined {
  return lastKey(parseKeyPath(path)) ?? value;
}

/** Whether one of the context literals appears in the file outside comments (no context: always). */
function inContext(file: AnalyzedFile, context: readonly string[] | undefined): boolean {
  if (!context) return true;
  return context.some((literal) => {
    for (let at = file.source.text.indexOf(literal); at !== -1; at = file.source.text.indexOf(literal, at + 1))
      if (!file.source.inComment(at)) return true;
    return false;
  });
}

/** A key in CI configuration, matched on the parsed YAML (a key, not a word in a comment or string). */
export function ciKeywordMatcher(rule: CiKeywordRule): Matcher {
  return {
    anchor: keyAnchor(rule.path, rule.value),
    applies: (kind) => kind === 'ci-yaml',
    match: (file) => (inContext(file, rule.context) ? keyMatches(file, rule.path, rule.value) : []),
  };
}

/** A key in YAML files whose root-relative path matches the rule's globs. */
export function yamlKeyMatcher(rule: YamlKeyRule, env: MatcherEnv): Matcher {
  const globs = rule.files.map((glob) => compileGlob(glob, env.configDir));
  return {
    anchor: keyAnchor(rule.path, rule.value),
    applies: (kind, rootPath) => (kind === 'yaml' || kind === 'ci-yaml') && matchesAny(rootPath, globs),
    match: (file) => keyMatches(file, rule.path, rule.value),
  };
}
