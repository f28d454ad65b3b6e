import { describe, expect, it } from 'vitest';
import { fixText, isFixable } from '../../src/check/fix-plan.ts';
import { detectRuleSchema } from '../../src/schemas/detect-rule.ts';
import { fixableRule } from './active-rule.ts';

/**
 * Where a mechanical fix edits: at the subject the match points to, or, when the match points just before
 * it (a quoted value), at the subject's first whole-word use after it on the same line; never inside a
 * longer word, never in a file the rule does not read, and never twice over the same characters.
 */
const layout = { configDir: '.gitlab' };
const sample = { file: 'x', text: 'x' };
const rule = fixableRule;
const mode = rule('mode', {
  kind: 'yaml-key',
  files: ['a.yml'],
  path: 'a.mode',
  value: 'legacy',
  fix: { replace_with: 'modern' },
});

describe('where a fix edits', () => {
  it('edits a quoted value inside its quotes, found after the match', () => {
    const result = fixText('a.yml', 'a:\n  mode: "legacy" # keep\n', [mode], layout);
    expect(result.text).toBe('a:\n  mode: "modern" # keep\n');
    expect(result.edits).toEqual([{ entryId: 'mode', offset: 12, from: 'legacy', to: 'modern', line: 2 }]);
  });

  it('edits a quoted value that ends the file, with no line break after it', () => {
    const result = fixText('a.yml', 'a:\n  mode: "legacy"', [mode], layout);
    expect(result.text).toBe('a:\n  mode: "modern"');
    // The subject as the file's very last characters, unquoted: nothing after it to mistake for a word.
    expect(fixText('a.yml', 'a:\n  mode:  legacy', [mode], layout).text).toBe('a:\n  mode:  modern');
  });

  it('edits nothing when the line holds the subject only inside longer words', () => {
    const text = 'a:\n  mode: "leg\\x61cy" # legacy_mode and xlegacy\nb: legacy\n';
    expect(fixText('a.yml', text, [mode], layout)).toMatchObject({ edits: [], text });
    const spaced = 'a:\n  mode: "leg\\x61cy" #        legacyx\n';
    expect(fixText('a.yml', spaced, [mode], layout)).toMatchObject({ edits: [], text: spaced });
  });

  it('edits a subject that stands where the match is, even inside a word the rule may match within', () => {
    const inner = rule('inner', { kind: 'text', literal: 'OLD_API', word: false, fix: { replace_with: 'NEW_API' } });
    expect(fixText('notes.txt', 'call xOLD_APIy now\n', [inner], layout).text).toBe('call xNEW_APIy now\n');
  });

  it('counts a rule as fixable only when it carries a fix', () => {
    const plain = detectRuleSchema.parse({ kind: 'text', literal: 'OLD', example: sample, near_miss: sample });
    expect(isFixable(plain)).toBe(false);
    expect(isFixable({ ...plain, fix: undefined } as never)).toBe(false);
    expect(isFixable(mode.rule)).toBe(true);
  });

  it('leaves files the rule does not read', () => {
    expect(fixText('b.yml', 'a:\n  mode: legacy\n', [mode], layout).edits).toEqual([]);
  });

  it('applies the edits of several rules in file order, whatever order the rules come in', () => {
    const first = rule('first', { kind: 'text', literal: 'ALPHA_OLD', fix: { replace_with: 'ALPHA_NEW' } });
    const second = rule('second', { kind: 'text', literal: 'BETA_OLD', fix: { replace_with: 'BETA_NEW' } });
    const result = fixText('notes.txt', 'ALPHA_OLD then BETA_OLD then ALPHA_OLD\n', [second, first], layout);
    expect(result.text).toBe('ALPHA_NEW then BETA_NEW then ALPHA_NEW\n');
    expect(result.edits.map((edit) => edit.offset)).toEqual([0, 15, 29]);
  });

  it('keeps the first of two edits over the same characters, and both of two that only touch', () => {
    const long = rule('long', { kind: 'text', literal: 'OLD_NAME', fix: { replace_with: 'NEW_NAME' } });
    const short = rule('short', { kind: 'text', literal: 'OLD', word: false, fix: { replace_with: 'NEW' } });
    expect(fixText('n.txt', 'x OLD_NAME y\n', [long, short], layout)).toMatchObject({
      text: 'x NEW_NAME y\n',
      edits: [{ entryId: 'long' }],
    });
    const left = rule('left', { kind: 'text', literal: 'AB', word: false, fix: { replace_with: 'ab' } });
    const right = rule('right', { kind: 'text', literal: 'CD', word: false, fix: { replace_with: 'cd' } });
    expect(fixText('n.txt', 'ABCD\n', [left, right], layout).text).toBe('abcd\n');
  });
});
