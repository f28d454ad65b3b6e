import type { z } from 'zod';
import type { cliFlagRuleSchema } from '../../schemas/detect-rule.ts';
import type { AnalyzedFile } from '../file/analyzed-file.ts';
import { logicalLine } from '../file/logical-line.ts';
import { escapeRegExp, findAll, type Matcher, NOT_PROSE, onFirstUse } from './matcher.ts';

type CliFlagRule = z.output<typeof cliFlagRuleSchema>;

const word = (text: string) => String.raw`(?<![\w-])${escapeRegExp(text)}(?![\w-])`;

const indentOf = (line: string) => line.length - line.trimStart().length;
/** A YAML list item holding one bare word: an argument of an `argv:` list, not a whole command. */
const ARGUMENT_ITEM = /^\s*-\s+["']?[^\s"']+["']?\s*$/;
/** How far back a YAML command may start: a folded scalar or argument list stays short. */
const MAX_YAML_LINES = 15;

/**
 * The logical line up to an offset: earlier lines ending in `\` (or a PowerShell backtick) count. In YAML,
 * a command may also run over the lines of a folded or literal block (`>`, `|`) or an argument list
 * (`argv: [gitlab-runner, register, …]` one item a line), so earlier lines at the same indentation count,
 * unless the flag's own line is a list item holding a whole command (a `script:` entry of its own).
 */
function logicalPrefix(file: AnalyzedFile, offset: number): string {
  const { source } = file;
  const line = source.position(offset).line;
  let { first } = logicalLine(source, line);
  if (file.kind === 'yaml' || file.kind === 'ci-yaml') {
    const own = source.lineText(first);
    const isItem = /^\s*-\s/.test(own);
    if (!isItem || ARGUMENT_ITEM.test(own)) {
      const indent = indentOf(own);
      while (first > 1 && line - first < MAX_YAML_LINES) {
        const previous = source.lineText(first - 1);
        if (previous.trim() === '' || indentOf(previous) < indent) break;
        if (isItem !== /^\s*-\s/.test(previous) || (isItem && !ARGUMENT_ITEM.test(previous))) break;
        first--;
      }
    }
  }
  return source.text.slice(source.lineStart(first), offset);
}

/** A flag of a command: the flag as a whole word, with the command's words before it on the same logical line. */
export function cliFlagMatcher(rule: CliFlagRule): Matcher {
  const flag = onFirstUse(() => new RegExp(String.raw`(?<![\w-])(?<at>${escapeRegExp(rule.flag)})(?![\w-])`, 'dg'));
  const command = onFirstUse(() => new RegExp(rule.command.trim().split(/\s+/).map(word).join(String.raw`[\s\S]*?`)));
  return {
    anchor: rule.flag,
    applies: (kind) => NOT_PROSE.includes(kind) && kind !== 'graphql',
    match: (file) => findAll(file, flag()).filter((match) => command().test(logicalPrefix(file, match.offset))),
  };
}
