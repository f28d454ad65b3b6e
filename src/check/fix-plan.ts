import type { DetectRule, RuleFix } from '../schemas/detect-rule.ts';
import { analyzeFile } from './file/analyzed-file.ts';
import { type CiLayout, fileKind } from './file/file-kind.ts';
import { readSuppressions } from './file/suppression.ts';
import { lastKey, parseKeyPath } from './file/yaml-path.ts';
import { compileRule } from './rules/compile-rule.ts';

/** A rule that carries a mechanical fix, with the entry it belongs to. */
export interface FixableRule {
  entryId: string;
  rule: DetectRule & { fix: RuleFix };
}

/** One replacement in a file's text. */
export interface Edit {
  entryId: string;
  /** 0-based offset of the replaced text. */
  offset: number;
  /** The text replaced (the rule's subject). */
  from: string;
  to: string;
  /** 1-based line. */
  line: number;
}

/**
 * The text a rule looks for and its fix replaces: the variable name, the value (when the rule names one)
 * or else the last key of a YAML path, the GraphQL name, the flag or the literal. REST rules name a request
 * shape rather than one token, and absence rules a missing setting, so they have none.
 */
export function ruleSubject(rule: DetectRule): string | undefined {
  switch (rule.kind) {
    case 'ci-variable':
    case 'graphql':
      return rule.name;
    case 'ci-keyword':
    case 'yaml-key':
      return rule.value ?? lastKey(parseKeyPath(rule.path));
    case 'cli-flag':
      return rule.flag;
    case 'text':
      return rule.literal;
    case 'rest':
    case 'ci-variable-unset':
    case 'ci-job-key-unset':
      return undefined;
  }
}

/** Whether a rule carries a fix. */
export function isFixable(rule: DetectRule): rule is DetectRule & { fix: RuleFix } {
  return 'fix' in rule && rule.fix !== undefined;
}

const WORD = /\w/;

/** The offset of `subject` at `offset`, or else its first whole-word occurrence later on the same line. */
function subjectAt(text: string, offset: number, subject: string): number | undefined {
  if (text.startsWith(subject, offset)) return offset;
  const end = text.indexOf('\n', offset);
  const line = text.slice(offset, end === -1 ? text.length : end);
  for (let at = line.indexOf(subject); at !== -1; at = line.indexOf(subject, at + 1)) {
    const before = line[at - 1];
    const after = line[at + subject.length];
    if ((before === undefined || !WORD.test(before)) && (after === undefined || !WORD.test(after))) return offset + at;
  }
  return undefined;
}

/**
 * The replacements the fixable rules make in one file: each match of a rule whose subject stands at the
 * match (or later on its line, for a value) is replaced by the fix. Matches silenced by `sunset-ignore`
 * comments are left alone; overlapping replacements keep the first.
 */
export function planEdits(rootPath: string, text: string, rules: readonly FixableRule[], layout: CiLayout): Edit[] {
  const kind = fileKind(rootPath, layout);
  const file = analyzeFile(rootPath, rootPath, text, kind);
  const suppressions = readSuppressions(file.source);
  const edits: Edit[] = [];
  for (const { entryId, rule } of rules) {
    const matcher = compileRule(rule, layout);
    if (!matcher.applies(kind, rootPath) || (matcher.anchor && !text.includes(matcher.anchor))) continue;
    const subject = ruleSubject(rule);
    if (subject === undefined) continue;
    for (const match of matcher.match(file)) {
      const at = subjectAt(text, match.offset, subject);
      if (at === undefined) continue;
      const { line } = file.source.position(at);
      if (suppressions.covers(line, entryId)) continue;
      edits.push({ entryId, offset: at, from: subject, to: rule.fix.replace_with, line });
    }
  }
  edits.sort((a, b) => a.offset - b.offset);
  return edits.filter((edit, index) => {
    const previous = edits[index - 1];
    return !previous || previous.offset + previous.from.length <= edit.offset;
  });
}

/** The text with the edits made; every other byte (formatting, comments, line breaks) is kept. */
export function applyEdits(text: string, edits: readonly Edit[]): string {
  let out = '';
  let at = 0;
  for (const edit of edits) {
    out += text.slice(at, edit.offset) + edit.to;
    at = edit.offset + edit.from.length;
  }
  return out + text.slice(at);
}

/** Plans and applies the fixes of some rules to one file's text. */
export function fixText(rootPath: string, text: string, rules: readonly FixableRule[], layout: CiLayout) {
  const edits = planEdits(rootPath, text, rules, layout);
  return { edits, text: applyEdits(text, edits) };
}
