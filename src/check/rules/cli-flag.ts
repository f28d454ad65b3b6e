import type { z } from 'zod';
import type { cliFlagRuleSchema } from '../../schemas/detect-rule.ts';
import { logicalLine } from '../file/logical-line.ts';
import type { SourceText } from '../file/source-text.ts';
import { escapeRegExp, findAll, type Matcher, NOT_PROSE } from './matcher.ts';

type CliFlagRule = z.output<typeof cliFlagRuleSchema>;

const word = (text: string) => String.raw`(?<![\w-])${escapeRegExp(text)}(?![\w-])`;

/** The logical line up to an offset: earlier lines ending in `\` (or a PowerShell backtick) count. */
function logicalPrefix(source: SourceText, offset: number): string {
  const { first } = logicalLine(source, source.position(offset).line);
  return source.text.slice(source.lineStart(first), offset);
}

/** A flag of a command: the flag as a whole word, with the command's words before it on the same logical line. */
export function cliFlagMatcher(rule: CliFlagRule): Matcher {
  const flag = new RegExp(String.raw`(?<![\w-])(?<at>${escapeRegExp(rule.flag)})(?![\w-])`, 'dg');
  const command = new RegExp(rule.command.trim().split(/\s+/).map(word).join(String.raw`[\s\S]*?`));
  return {
    anchor: rule.flag,
    applies: (kind) => NOT_PROSE.includes(kind) && kind !== 'graphql',
    match: (file) => findAll(file, flag).filter((match) => command.test(logicalPrefix(file.source, match.offset))),
  };
}
