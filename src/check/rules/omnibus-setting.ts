import type { z } from 'zod';
import type { Match } from '../../findings/finding.ts';
import type { omnibusSettingRuleSchema } from '../../schemas/admin-config-rules.ts';
import type { AnalyzedFile } from '../file/analyzed-file.ts';
import { blockEnd, statementEnd } from '../file/block-range.ts';
import { configFiles } from '../file/config-file.ts';
import { escapeRegExp, type Matcher, onFirstUse } from './matcher.ts';

type OmnibusSettingRule = z.output<typeof omnibusSettingRuleSchema>;

/** One `['key']` (or `["key"]`, `[:key]`) of a setting chain. */
const KEY = String.raw`\[\s*(?:'([^'\n]*)'|"([^"\n]*)"|:(\w+))\s*\]`;
/** What ends a chain that sets something: an assignment (not `==`, `=~`, `=>`), `||=` or `<<`. */
const SETS = /^\s*(?:=(?![=~>])|\|\|=|<<)/;

/** The keys of a chain such as `['a']["b"][:c]`, in order. */
function chainKeys(chain: string): string[] {
  return [...chain.matchAll(new RegExp(KEY, 'g'))].map((key) => (key[1] ?? key[2] ?? key[3]) as string);
}

/** The literal a setting is given: a quoted string, a word or a number; undefined for anything longer. */
function assignedValue(text: string, from: number): string | undefined {
  const found = /^\s*(?:=|\|\|=)\s*(?:'([^'\n]*)'|"([^"\n]*)"|([\w.:/-]+))\s*(?:$|[#;\n])/m.exec(text.slice(from, from + 400));
  return found ? (found[1] ?? found[2] ?? found[3]) : undefined;
}

/**
 * Where a hash in the value assigned or appended (from `from`, just after the chain, to the end of the
 * statement) names the remaining keys, each inside the last: `{ 'sub' => { 'deeper' => … } }` or `{ sub: … }`,
 * a list of such hashes, or hashes merged in or chosen by a condition (`base.merge('sub' => …)`,
 * `x ? { sub: … } : {}`). Returns the offset of the last key, or undefined when the value names none of them.
 */
function keyInHash(source: AnalyzedFile['source'], from: number, keys: readonly string[]): number | undefined {
  const { text } = source;
  // The whole value is read as one (the caller has seen `=`, `||=` or `<<`): a key in any of its hashes counts.
  let start = from;
  let end = statementEnd(text, from);
  let offset: number | undefined;
  for (const key of keys) {
    const name = escapeRegExp(key);
    const pattern = new RegExp(String.raw`['"]${name}['"]\s*=>|:${name}\s*=>|(?<![\w:])${name}:(?!:)`, 'g');
    const found = [...text.slice(start, end).matchAll(pattern)].find((hit) => !source.inComment(start + hit.index));
    if (!found) return undefined;
    const at = start + found.index;
    // The key's own first character, after a quote or a symbol's colon.
    offset = at + (/^[:'"]/.test(found[0]) ? 1 : 0);
    // A hash as the key's value holds the keys after it; any other value leaves them to the same hash.
    const nested = /\s*\{/y;
    nested.lastIndex = at + found[0].length;
    if (nested.test(text)) {
      start = at + found[0].length;
      end = blockEnd(text, start);
    }
  }
  return offset;
}

/** The places of a text from each bracket `opener` ends with up to its closer, marked 1. */
function bracketed(text: string, opener: RegExp): Uint8Array {
  const marks = new Uint8Array(text.length);
  for (const found of text.matchAll(opener)) {
    const open = found.index + found[0].length - 1;
    marks.fill(1, open, blockEnd(text, open));
  }
  return marks;
}

/**
 * Whether the arguments of a `roles` call name a role outside comments: as a quoted word (`'a'`, `"a"`), a
 * word of a `%w` or `%i` list, or a symbol (`:a`), in a list, among words, after a splat or in a sum of lists
 * (`roles(*base, 'a')`, `roles base + ['a']`), but not passed to another method (`roles role_list('a')`),
 * whose result is not known. The arguments run from `from` (just after the name) to the end of the statement.
 */
function holdsRole(source: AnalyzedFile['source'], from: number, role: string): boolean {
  const args = source.text.slice(from, statementEnd(source.text, from));
  // Another method's parenthesis follows its name; `%w(` and `%i(` open lists of words.
  const calls = bracketed(args, /(?<![%\w])[A-Za-z_]\w*\(/g);
  const lists = bracketed(args, /%[wi][([]/g);
  const named = new RegExp(String.raw`(?<![\w-])${escapeRegExp(role)}(?![\w-])`, 'g');
  for (const found of args.matchAll(named)) {
    if (source.inComment(from + found.index) || calls[found.index] === 1) continue;
    const before = args[found.index - 1];
    if (before === "'" || before === '"' || before === ':' || lists[found.index] === 1) return true;
  }
  return false;
}

/**
 * An Omnibus setting in `gitlab.rb` and the files that hold its text (see {@link omnibusSettingRuleSchema}).
 * The rule reads only files that hold the package's configuration by name or content (see `configFiles`),
 * so a Python dictionary that happens to use the same words is not one.
 */
export function omnibusSettingMatcher(rule: OmnibusSettingRule): Matcher {
  const [head, ...keys] = rule.setting.split('.') as [string, ...string[]];
  const chains = onFirstUse(() => {
    const name = escapeRegExp(head);
    const dashed = escapeRegExp(head.replace(/_/g, '-'));
    // `service[…]…` at a word's start, or Chef's `default['gitlab']['service']…`.
    return new RegExp(
      String.raw`(?<![\w\]'".])(?:(?:node\s*\.\s*)?(?:default|override|normal|set)\s*\[\s*['"]gitlab['"]\s*\]\s*\[\s*['"](?:${name}|${dashed})['"]\s*\]|${name})((?:\s*${KEY})*)`,
      'dg',
    );
  });
  // Called (`external_url 'x'`, `roles ['a']`): the same name followed by `=` is a local variable of the
  // file's Ruby, which sets nothing.
  const topLevel = onFirstUse(
    () => new RegExp(String.raw`(?:^|[;"'|>]\s*)[ \t]*(${escapeRegExp(head)})\b(?=\s*[([%'"]|\s+\w)`, 'dgm'),
  );

  const matchTopLevel = (file: AnalyzedFile): Match[] => {
    const matches: Match[] = [];
    for (const found of file.source.text.matchAll(topLevel())) {
      const [start, end] = (found.indices as RegExpIndicesArray)[1] as [number, number];
      if (file.source.inComment(start)) continue;
      if (rule.value !== undefined) {
        const holds =
          head === 'roles'
            ? holdsRole(file.source, end, rule.value)
            : assignedValueAfterCall(file.source.text, end) === rule.value;
        if (!holds) continue;
      }
      matches.push({ offset: start, text: rule.value === undefined ? rule.setting : `${rule.setting}=${rule.value}` });
    }
    return matches;
  };

  return {
    anchor: keys.filter((key) => key !== '*').at(-1) ?? head,
    // A key stands quoted (`['key']`), as a symbol (`:key`, `key:`) or as the chain's head before `[` or `=`.
    anchorEdges: 'word',
    applies: (kind) => kind === 'code' || kind === 'yaml' || kind === 'ci-yaml',
    match(file) {
      if (!configFiles(file.rootPath, file.source.text).has('gitlab-rb')) return [];
      if (keys.length === 0) return matchTopLevel(file);
      const { text } = file.source;
      const matches: Match[] = [];
      for (const found of text.matchAll(chains())) {
        const start = found.index;
        const chainEnd = start + found[0].length;
        if (!SETS.test(text.slice(chainEnd, chainEnd + 4)) || file.source.inComment(start)) continue;
        const written = chainKeys(found[1] as string);
        const shared = Math.min(written.length, keys.length);
        if (written.slice(0, shared).some((key, index) => key !== keys[index] && keys[index] !== '*')) continue;
        let offset = start;
        if (written.length < keys.length) {
          if (keys.includes('*')) continue;
          const inHash = keyInHash(file.source, chainEnd, keys.slice(written.length));
          if (inHash === undefined) continue;
          offset = inHash;
        } else if (rule.value !== undefined && (written.length > keys.length || assignedValue(text, chainEnd) !== rule.value))
          continue;
        matches.push({ offset, text: rule.value === undefined ? rule.setting : `${rule.setting}=${rule.value}` });
      }
      return matches;
    },
  };
}

/** The literal a top-level setting is given as a call: `external_url 'x'`, `external_url('x')`. */
function assignedValueAfterCall(text: string, from: number): string | undefined {
  const found = /^\s*(?:\(\s*|\s)\s*(?:'([^'\n]*)'|"([^"\n]*)"|([\w.:/-]+))/.exec(text.slice(from, from + 400));
  return found ? (found[1] ?? found[2] ?? found[3]) : undefined;
}
