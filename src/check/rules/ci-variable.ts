import { isMap, isScalar, type Node } from 'yaml';
import type { z } from 'zod';
import type { Match } from '../../findings/finding.ts';
import type { ciVariableRuleSchema } from '../../schemas/detect-rule.ts';
import type { AnalyzedFile } from '../file/analyzed-file.ts';
import { nodesAt, parseKeyPath, valueOffset } from '../file/yaml-path.ts';
import { escapeRegExp, findAll, type Matcher, NOT_PROSE, onFirstUse } from './matcher.ts';

type CiVariableRule = z.output<typeof ciVariableRuleSchema>;

const VARIABLES_KEY = parseKeyPath('**.variables');

/** Reads of a variable: `$N`, `${N…}`, `${#N}`, `%N%`, `$env:N`, `-e N` of a container run, and environment lookups in code (`process.env.N`, `getenv("N")`). */
function readPattern(name: string): RegExp {
  const n = escapeRegExp(name);
  return new RegExp(
    [
      String.raw`\$(?<at>${n})(?!\w)`,
      // `${N}`, `${N:-default}` and the other expansions; `${#N}` (its length) and `${!N}` (indirection) read it too.
      String.raw`\$\{[#!]?(?<at>${n})(?=[}:\-=?+#%/^,@\[])`,
      `%(?<at>${n})%`,
      String.raw`\$env:(?<at>${n})(?!\w)`,
      String.raw`\b(?:env|environ|ENV|[Gg]etenv|GetEnvironmentVariable)\b(?:\s*\.\s*(?:get|fetch))?\s*[.[(]\s*['"]?(?<at>${n})(?!\w)`,
      // Wrappers around environment reads: `getEnv("N")`, `get_env('N')`, `requireEnv("N")`.
      String.raw`\b\w*(?:env|Env|ENV)\w*\s*\(\s*['"](?<at>${n})['"]`,
      String.raw`\bname\s*:\s*['"]?(?<at>${n})['"]?[ \t]*$`,
      // Passed on by name to a container: `docker run -e NAME`, `--env NAME`.
      String.raw`(?:\s-e|--env)[\s=]+['"]?(?<at>${n})['"]?(?=[\s'"]|$)`,
      String.raw`(?<![\w.$-])(?<at>${n})=`,
    ]
      // Node 22 has no duplicate named groups; findAll takes the first of at0, at1, … that matched.
      .map((alternative, index) => alternative.replace('(?<at>', `(?<at${index}>`))
      .join('|'),
    'dgm',
  );
}

/** Assignments of a variable to one value: `N=V`, `N="V"`, and `N: V` in YAML outside CI files. */
function setPattern(name: string, value: string): RegExp {
  const n = escapeRegExp(name);
  const v = escapeRegExp(value);
  return new RegExp(String.raw`(?<![\w.$-])(?<at>${n})(?:=|\s*:\s*)(?<quote>['"]?)${v}\k<quote>(?![\w.])`, 'dg');
}

/** Assignments of a variable with the value captured: `N=V`, `N="V"`, `N: V`. */
function assignmentPattern(name: string): RegExp {
  const n = escapeRegExp(name);
  return new RegExp(String.raw`(?<![\w.$-])(?<at>${n})(?:=|\s*:\s*)(?<quote>['"]?)(?<value>[^\s'"#]*)\k<quote>`, 'dg');
}

/** The scalar a `variables:` entry sets: `N: V` or `N: { value: V }`; undefined for anything else. */
function definedValue(node: Node | null): string | undefined {
  const held = isMap(node) ? (nodesAt(node, [{ key: 'value' }])[0]?.node ?? null) : node;
  return isScalar(held) && held.value !== null ? String(held.value) : undefined;
}

/**
 * Settings of a variable to a value other than the fine ones: `variables:` entries in CI files, `N=V` and
 * `N: V` elsewhere. Reads are left out, as they do not show the value.
 */
function settingsExcept(file: AnalyzedFile, name: string, fine: readonly string[]): Match[] {
  const matches: Match[] = [];
  const seen = new Set<number>();
  if (file.kind === 'ci-yaml') {
    for (const document of file.yaml() ?? []) {
      for (const variables of nodesAt(document.contents, VARIABLES_KEY)) {
        for (const found of nodesAt(variables.node, [{ key: name }])) {
          seen.add(found.offset);
          const value = definedValue(found.node);
          if (value !== undefined && !fine.includes(value)) matches.push({ offset: found.offset, text: `${name}=${value}` });
        }
      }
    }
  }
  for (const found of file.source.text.matchAll(assignmentPattern(name))) {
    // The pattern starts with the name: the match's start is the name's.
    const offset = found.index;
    if (seen.has(offset) || file.source.inComment(offset)) continue;
    const { value } = found.groups as { value: string };
    if (value !== '' && !fine.includes(value)) matches.push({ offset, text: `${name}=${value}` });
  }
  return matches.sort((a, b) => a.offset - b.offset);
}

/** `N:` keys under any `variables:` map of a parsed CI file, optionally only with value V (or `value: V`). */
export function variableDefinitions(file: AnalyzedFile, rule: Pick<CiVariableRule, 'name' | 'value'>): Match[] {
  const matches: Match[] = [];
  for (const document of file.yaml() ?? []) {
    for (const variables of nodesAt(document.contents, VARIABLES_KEY)) {
      for (const found of nodesAt(variables.node, [{ key: rule.name }])) {
        if (rule.value !== undefined) {
          const expanded = nodesAt(found.node, [{ key: 'value' }])[0]?.node ?? null;
          const set = valueOffset(found.node, rule.value) ?? valueOffset(expanded, rule.value);
          if (set === undefined) continue;
        }
        matches.push({ offset: found.offset, text: rule.value === undefined ? rule.name : `${rule.name}=${rule.value}` });
      }
    }
  }
  return matches;
}

/**
 * A CI/CD variable: reads in CI configuration, scripts and code, and definitions under `variables:` in
 * CI configuration. With `value`, only places that set the variable to that value count; with
 * `unless_values`, only places that set it to another value.
 */
export function ciVariableMatcher(rule: CiVariableRule): Matcher {
  const pattern = onFirstUse(() => (rule.value === undefined ? readPattern(rule.name) : setPattern(rule.name, rule.value)));
  return {
    anchor: rule.name,
    // Every read, setting and definition above stands apart from other words: `$N`, `N=`, `N:`, `'N'`.
    anchorEdges: 'word',
    applies: (kind) => NOT_PROSE.includes(kind) && kind !== 'graphql',
    match(file) {
      if (rule.unless_values) return settingsExcept(file, rule.name, rule.unless_values);
      const text = findAll(file, pattern());
      if (file.kind !== 'ci-yaml') return text;
      const structural = variableDefinitions(file, rule);
      // A definition in YAML may also look like an assignment to the text pattern; keep one per offset.
      const seen = new Set(structural.map((match) => match.offset));
      return [...structural, ...text.filter((match) => !seen.has(match.offset))];
    },
  };
}
