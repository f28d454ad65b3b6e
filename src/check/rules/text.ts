import type { z } from 'zod';
import type { textRuleSchema } from '../../schemas/detect-rule.ts';
import { compileGlob, matchesAny } from '../file/glob.ts';
import { escapeRegExp, findAll, type Matcher, type MatcherEnv } from './matcher.ts';

type TextRule = z.output<typeof textRuleSchema>;

/**
 * A literal in any text file, prose included, or only in files matching `files`. With `word` (the
 * default) an identifier character may not touch the literal on a side where the literal itself starts
 * or ends with one, so `[skip ci]` still matches inside `fix [skip ci]`.
 */
export function textMatcher(rule: TextRule, env: MatcherEnv): Matcher {
  const identifier = /\w/;
  const before = rule.word && identifier.test(rule.literal[0] as string) ? String.raw`(?<!\w)` : '';
  const after = rule.word && identifier.test(rule.literal.at(-1) as string) ? String.raw`(?!\w)` : '';
  const pattern = new RegExp(`${before}${escapeRegExp(rule.literal)}${after}`, 'dg');
  const globs = rule.files?.map((glob) => compileGlob(glob, env.configDir));
  return {
    anchor: rule.literal,
    applies: (_kind, rootPath) => !globs || matchesAny(rootPath, globs),
    match: (file) => findAll(file, pattern),
  };
}
