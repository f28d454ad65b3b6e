import { isDeepStrictEqual } from 'node:util';
import { isMap, isScalar, isSeq, type Node } from 'yaml';
import type { z } from 'zod';
import type { Match } from '../../findings/finding.ts';
import type { ciKeywordRuleSchema, yamlKeyRuleSchema } from '../../schemas/detect-rule.ts';
import type { AnalyzedFile } from '../file/analyzed-file.ts';
import { templateTarget } from '../file/code-language.ts';
import { mountedKeySpelling } from '../file/embedded-yaml.ts';
import { compileGlob, matchesAny } from '../file/glob.ts';
import { lastKey, nodesAt, type PathStep, parseKeyPath, valueOffset } from '../file/yaml-path.ts';
import type { Matcher, MatcherEnv } from './matcher.ts';

type CiKeywordRule = z.output<typeof ciKeywordRuleSchema>;
type YamlKeyRule = z.output<typeof yamlKeyRuleSchema>;

/**
 * The rest of a key path once the keys under which a document is mounted are walked (`notifications`,
 * `endpoints` for a document set by `REGISTRY_NOTIFICATIONS_ENDPOINTS`); none when the path leads elsewhere.
 */
export function unmount(steps: readonly PathStep[], mount: readonly string[]): PathStep[][] {
  if (mount.length === 0) return [[...steps]];
  const [step, ...rest] = steps;
  const [key, ...deeper] = mount;
  if (!step) return [];
  if ('key' in step) return step.key === key ? unmount(rest, deeper) : [];
  if ('anyKey' in step) return unmount(rest, deeper);
  // `**` may stand for none of the mount's keys, or take one and go on standing for more.
  if ('anyDepth' in step) return [...unmount(rest, mount), ...unmount(steps, deeper)];
  return [];
}

/**
 * Keys at a path in every YAML document of a file, and in the documents its strings hold (see
 * `AnalyzedFile.embeddedYaml`). Without `value` a match sits on the key; with it, on the scalar or list
 * item that holds the value (a map matches when it has the value as a key).
 */
function keyMatches(
  file: AnalyzedFile,
  path: string,
  value: string | undefined,
  embedded: boolean,
  unlessEmpty = false,
): Match[] {
  const steps = parseKeyPath(path);
  const roots = file.yaml()?.map((document) => ({ node: document.contents, steps: includeForms(steps) })) ?? [];
  if (embedded)
    for (const { document, mount } of file.embeddedYaml()) roots.push({ node: document.contents, steps: unmount(steps, mount) });
  // By offset: `include[]` with a value reads an include list's item through both of its forms.
  const matches = new Map<number, Match>();
  for (const root of roots) {
    for (const remaining of root.steps) {
      for (const hit of nodesAt(root.node, remaining)) {
        if (value === undefined) {
          if (unlessEmpty && isEmpty(hit.node)) continue;
          matches.set(hit.offset, { offset: hit.offset, text: path });
          continue;
        }
        const offset = valueOffset(hit.node, value);
        if (offset !== undefined) matches.set(offset, { offset, text: `${path}=${value}` });
      }
    }
  }
  return [...matches.values()];
}

/** The first steps of a path into the items of CI configuration's `include` list. */
const INCLUDE_ITEMS: readonly PathStep[] = [{ key: 'include' }, { anyItem: true }];

/**
 * The paths a path stands for: `include` of CI configuration takes one map as well as a list of them, so
 * `include[].template` also reads `include: { template: … }`.
 */
function includeForms(steps: PathStep[]): PathStep[][] {
  if (!isDeepStrictEqual(steps.slice(0, 2), INCLUDE_ITEMS)) return [steps];
  return [steps, [{ key: 'include' }, ...steps.slice(2)]];
}

/** Whether a YAML value sets nothing: null, an empty string, an empty list or map. */
function isEmpty(node: Node | null): boolean {
  if (node === null || (isScalar(node) && (node.value === null || node.value === ''))) return true;
  return (isSeq(node) || isMap(node)) && node.items.length === 0;
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
    match: (file) => (inContext(file, rule.context) ? keyMatches(file, rule.path, rule.value, false, rule.unless_empty) : []),
  };
}

/**
 * A key in YAML files whose root-relative path (or, for a template such as `config.yml.in`, the path it
 * stands for) matches the rule's globs, or whose structure is one of the rule's shapes.
 */
export function yamlKeyMatcher(rule: YamlKeyRule, env: MatcherEnv): Matcher {
  const globs = rule.files?.map((glob) => compileGlob(glob, env.configDir)) ?? [];
  // A key can also stand only in the name of a registry variable that mounts a document under it.
  const key = lastKey(parseKeyPath(rule.path));
  const mounted = key === undefined ? undefined : mountedKeySpelling(key);
  return {
    anchor: key ?? rule.value,
    ...(mounted ? { otherAnchors: [mounted] } : {}),
    applies: (kind, rootPath) =>
      (kind === 'yaml' || kind === 'ci-yaml') && (matchesAny(rootPath, globs) || matchesAny(templateTarget(rootPath), globs)),
    ...(rule.shapes ? { shapes: rule.shapes } : {}),
    match: (file) => keyMatches(file, rule.path, rule.value, true),
  };
}
