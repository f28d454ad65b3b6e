import type { z } from 'zod';
import type { cliFlagRuleSchema } from '../../schemas/detect-rule.ts';
import type { AnalyzedFile } from '../file/analyzed-file.ts';
import { escapeRegExp, findAll, type Matcher, NOT_PROSE, onFirstUse } from './matcher.ts';

type CliFlagRule = z.output<typeof cliFlagRuleSchema>;

const word = (text: string) => String.raw`(?<![\w-])${escapeRegExp(text)}(?![\w-])`;

/** What may stand before a command's name without being the command: list and quote marks, `VAR=value`, wrappers. */
const LEAD = /^(?:[\s[\-"',(]+|[A-Za-z_]\w*=\S*\s+|(?:sudo|doas|exec|env|nohup|command|time|nice)(?:\s+-\S+)*\s+)*/;
/** A command named indirectly: a template action, a variable, a command substitution, a Windows variable. */
const INDIRECT = /^(?:\{\{|\{%|\$\{?[A-Za-z_]|\$\(|`|%[A-Za-z_]\w*%|\$env:)/;

/** The statement's text from its start up to an offset, comments blanked. */
function statementPrefix(file: AnalyzedFile, offset: number): string {
  const statement = file.statements.at(offset);
  return statement.text.slice(0, Math.max(0, offset - statement.start));
}

/**
 * Whether a statement names its command indirectly: its first word, past list marks, assignments and
 * wrappers such as `sudo`, is a template action (`{{ runner_cmd }}`), a variable (`$RUNNER`) or a command
 * substitution. A literal first word names some command, which is then known.
 */
export function namesCommandIndirectly(prefix: string): boolean {
  return INDIRECT.test(prefix.replace(LEAD, ''));
}

/**
 * A flag of a command: the flag as a whole word, with the command's words before it in the same statement
 * (a command with its continuation lines, a folded YAML command, an argument list). A flag that belongs to
 * the command alone (`owned`) is also reported where the statement names its command indirectly, and
 * never where the statement's command is literally another program. A short form (`-r`) counts only
 * after the command's words.
 */
export function cliFlagMatcher(rule: CliFlagRule): Matcher {
  const forms = (rule.short ? [rule.flag, rule.short] : [rule.flag]).map(escapeRegExp).join('|');
  const flag = onFirstUse(() => new RegExp(String.raw`(?<![\w-])(?<at>${forms})(?![\w-])`, 'dg'));
  const words = rule.command.trim().split(/\s+/);
  const command = onFirstUse(() => new RegExp(words.map(word).join(String.raw`[\s\S]*?`)));
  return {
    // A short form is no word to look for: the command's longest word is in every match then, but for the
    // long flag of a command that owns it, which counts without the command's name before it.
    anchor: rule.short ? ([...words].sort((a, b) => b.length - a.length)[0] as string) : rule.flag,
    ...(rule.short && rule.owned ? { otherAnchors: [rule.flag] } : {}),
    applies: (kind) => NOT_PROSE.includes(kind) && kind !== 'graphql',
    match: (file) =>
      findAll(file, flag()).filter((match) => {
        const prefix = statementPrefix(file, match.offset);
        const long = match.text === rule.flag;
        return command().test(prefix) || (long && rule.owned === true && namesCommandIndirectly(prefix));
      }),
  };
}
