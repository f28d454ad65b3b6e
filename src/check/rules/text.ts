import type { z } from 'zod';
import type { textRuleSchema } from '../../schemas/detect-rule.ts';
import { compileGlob, matchesAny } from '../file/glob.ts';
import { fencedCode, inRanges, isMarkdown } from '../file/markdown-code.ts';
import { escapeRegExp, findAll, type Matcher, type MatcherEnv, onFirstUse } from './matcher.ts';

type TextRule = z.output<typeof textRuleSchema>;

/**
 * A literal in any text file, prose included (in Markdown only inside fenced code blocks), or only in files
 * matching `files` or YAML files of one of `shapes` wherever they lie. With `word` (the
 * default) an identifier character may not touch the literal on a side where the literal itself starts
 * or ends with one, so `[skip ci]` still matches inside `fix [skip ci]`.
 */
export function textMatcher(rule: TextRule, env: MatcherEnv): Matcher {
  const pattern = onFirstUse(() => {
    const identifier = /\w/;
    const before = rule.word && identifier.test(rule.literal[0] as string) ? String.raw`(?<!\w)` : '';
    const after = rule.word && identifier.test(rule.literal.at(-1) as string) ? String.raw`(?!\w)` : '';
    return new RegExp(`${before}${escapeRegExp(rule.literal)}${after}`, 'dg');
  });
  const globs = onFirstUse(() => rule.files?.map((glob) => compileGlob(glob, env.configDir)));
  return {
    anchor: rule.literal,
    // With `word`, the pattern keeps identifier characters off the literal's word edges, as `anchorEdges` says.
    ...(rule.word ? { anchorEdges: 'word' as const } : {}),
    applies: (_kind, rootPath) => {
      const compiled = globs();
      if (!compiled) return rule.shapes === undefined;
      return matchesAny(rootPath, compiled);
    },
    ...(rule.shapes ? { shapes: rule.shapes } : {}),
    match: (file) => {
      if (rule.context && !rule.context.some((literal) => file.source.text.includes(literal))) return [];
      const found = findAll(file, pattern());
      // Markdown prose that names a thing (an upgrade guide saying it was removed) is not a use; its code blocks are.
      if (!isMarkdown(file.rootPath)) return found;
      const code = fencedCode(file.source.text);
      return found.filter((match) => inRanges(code, match.offset));
    },
  };
}
