import type { DetectRule, RuleFix } from '../schemas/detect-rule.ts';
import { type AnalyzedFile, analyzeFile } from './file/analyzed-file.ts';
import { type CiLayout, fileKind } from './file/file-kind.ts';
import { readSuppressions } from './file/suppression.ts';
import { lastKey, parseKeyPath } from './file/yaml-path.ts';
import { targetAlreadySet } from './fix-conflicts.ts';
import { compileRule } from './rules/compile-rule.ts';
import { anchorsOf, escapeRegExp, readsFile } from './rules/matcher.ts';

/** A rule that carries a mechanical fix, with the entry it belongs to. */
export interface FixableRule {
  entryId: string;
  rule: DetectRule & { fix: RuleFix };
}

/** One replacement in a file's text. */
export interface Edit {
  entryId: string;
  /** 0-based offset of the replaced text (in the text without a byte order mark). */
  offset: number;
  /** The text replaced (the rule's subject). */
  from: string;
  to: string;
  /** 1-based line. */
  line: number;
}

/** A use a fix would have changed but leaves for a hand fix, and why. */
export interface HeldFix {
  entryId: string;
  /** 1-based lines the note is about: the use, and the line that stops the fix (the new name already set, a use left over). */
  lines: number[];
  reason: string;
}

/** What fixing one file would do: the edits, and the uses held back for a hand fix. */
export interface FilePlan {
  edits: Edit[];
  held: HeldFix[];
}

/**
 * The text a rule looks for and its fix replaces: the variable name, the value (when the rule names one)
 * or else the last key of a YAML path, the GraphQL name, the flag or the literal. REST and client rules
 * name a request shape rather than one token, and absence rules a missing setting, so they have none.
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
    case 'api-client':
    case 'omnibus-setting':
    case 'chart-value':
    case 'env-var':
    case 'config-module':
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
 * The replacement text of a fix at one place. A renamed GraphQL field or operation is selected under its
 * old name as an alias (`totalWeight: totalIssueWeight`), so code reading the response key keeps working;
 * a field that already has an alias keeps it.
 */
function replacement(rule: FixableRule['rule'], text: string, at: number, subject: string): string {
  const to = rule.fix.replace_with;
  if (rule.kind !== 'graphql' || !['field', 'query', 'mutation'].includes(rule.element)) return to;
  const aliased = /[_A-Za-z]\w*\s*:\s*$/.test(text.slice(Math.max(0, at - 200), at));
  return aliased ? to : `${subject}: ${to}`;
}

/** The file read as `check` reads it: CI configuration by its path or, for any YAML file, by its shape. */
function analyzed(rootPath: string, text: string, layout: CiLayout): AnalyzedFile {
  const file = analyzeFile(rootPath, rootPath, text, fileKind(rootPath, layout));
  if (file.kind === 'yaml' && file.shapes().has('ci')) file.kind = 'ci-yaml';
  return file;
}

/**
 * Renaming a variable renames every use of it in the file or none: `-e NAME`, a use no rule reads, or one
 * a `sunset-ignore` comment keeps, left under the old name would leave the variable unset where it is
 * read. Returns the lines of the uses outside comments that the edits do not cover.
 */
function usesLeftOver(file: AnalyzedFile, name: string, edits: readonly Edit[]): number[] {
  const covered = new Set(edits.map((edit) => edit.offset));
  const left: number[] = [];
  for (const found of file.source.text.matchAll(new RegExp(String.raw`(?<!\w)${escapeRegExp(name)}(?!\w)`, 'g'))) {
    const at = found.index ?? 0;
    if (!covered.has(at) && !file.source.inComment(at)) left.push(file.source.position(at).line);
  }
  return [...new Set(left)];
}

/**
 * What the fixable rules would change in one file (its text without a byte order mark): each match of a
 * rule whose subject stands at the match (or later on its line, for a value) is replaced by the fix.
 * Matches silenced by `sunset-ignore` comments are left alone; overlapping replacements keep the first.
 * Held back for a hand fix, with both lines: a rename whose new name is already set beside the old one, and
 * a variable rename that cannot reach every use of the variable in the file (then no use is renamed).
 */
export function planEdits(rootPath: string, text: string, rules: readonly FixableRule[], layout: CiLayout): FilePlan {
  const file = analyzed(rootPath, text, layout);
  const suppressions = readSuppressions(file.source);
  const byRule = new Map<FixableRule, Edit[]>();
  for (const fixable of rules) {
    const { entryId, rule } = fixable;
    const matcher = compileRule(rule, layout);
    const anchors = anchorsOf(matcher);
    if ((anchors.length > 0 && !anchors.some((anchor) => text.includes(anchor))) || !readsFile(matcher, file)) continue;
    const subject = ruleSubject(rule);
    if (subject === undefined) continue;
    const edits: Edit[] = [];
    for (const match of matcher.match(file)) {
      const at = subjectAt(text, match.offset, subject);
      if (at === undefined) continue;
      const { line } = file.source.position(at);
      if (suppressions.covers(line, entryId)) continue;
      edits.push({ entryId, offset: at, from: subject, to: replacement(rule, text, at, subject), line });
    }
    if (edits.length > 0) byRule.set(fixable, edits);
  }

  const held: HeldFix[] = [];
  const kept: Edit[] = [];
  for (const [{ entryId, rule }, edits] of byRule) {
    const free: Edit[] = [];
    const heldLines = new Set<number>();
    for (const edit of edits) {
      const taken = targetAlreadySet(file, edit.offset, rule.fix.replace_with);
      if (!taken) free.push(edit);
      else {
        heldLines.add(edit.line);
        held.push({
          entryId,
          lines: [edit.line, taken.line],
          reason: `\`${rule.fix.replace_with}\` is already set on line ${taken.line} beside \`${edit.from}\` on line ${edit.line}: keep one of them by hand`,
        });
      }
    }
    if (rule.kind === 'ci-variable') {
      const left = usesLeftOver(file, rule.name, free);
      if (left.length > 0) {
        // A use held because the new name is set already has its note; the rest of the uses stay with it.
        if (left.every((line) => heldLines.has(line))) continue;
        const lines = [...new Set([...edits.map((edit) => edit.line), ...left])].sort((a, b) => a - b);
        held.push({
          entryId,
          lines,
          reason: `\`${rule.name}\` is also used on line ${left.join(', ')} where it cannot be renamed mechanically (or the rename is held there): rename every use to \`${rule.fix.replace_with}\` by hand, or none`,
        });
        continue;
      }
    }
    kept.push(...free);
  }
  kept.sort((a, b) => a.offset - b.offset);
  const edits = kept.filter((edit, index) => {
    const previous = kept[index - 1];
    return !previous || previous.offset + previous.from.length <= edit.offset;
  });
  return { edits, held: held.sort((a, b) => (a.lines[0] as number) - (b.lines[0] as number)) };
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

const BOM = '\uFEFF';

/**
 * Plans and applies the fixes of some rules to one file's text. A byte order mark is set aside while the
 * file is read, as `check` reads it, and kept in the result; edit offsets are those of the text without it.
 */
export function fixText(rootPath: string, text: string, rules: readonly FixableRule[], layout: CiLayout) {
  const bom = text.startsWith(BOM) ? BOM : '';
  const body = text.slice(bom.length);
  const { edits, held } = planEdits(rootPath, body, rules, layout);
  return { edits, held, text: bom + applyEdits(body, edits) };
}
