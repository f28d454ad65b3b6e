import { describe, expect, it } from 'vitest';
import { analyzeFile } from '../../../src/check/file/analyzed-file.ts';
import { fileKind } from '../../../src/check/file/file-kind.ts';
import { compileRule } from '../../../src/check/rules/compile-rule.ts';
import { readsFile } from '../../../src/check/rules/matcher.ts';
import { detectRuleSchema } from '../../../src/schemas/detect-rule.ts';
import { matchRule } from './match-rule.ts';

/**
 * Where a literal may start and end, one row a case: an identifier character touching it before or
 * after, other characters touching it, literals that start or end with punctuation (which an identifier
 * may touch), and `word: false`, which matches inside identifiers.
 */
const found = (rule: Record<string, unknown>, text: string) => matchRule(rule, 'run.sh', `echo ${text}\n`).length > 0;

describe('a literal and the characters around it', () => {
  const word = { kind: 'text', literal: 'OLD_FLAG' };
  it.each([
    ['alone', 'OLD_FLAG', true],
    ['after a letter', 'MY_OLD_FLAG', false],
    ['after a digit', '1OLD_FLAG', false],
    ['after an underscore', '_OLD_FLAG', false],
    ['before a letter', 'OLD_FLAGS', false],
    ['before a digit', 'OLD_FLAG2', false],
    ['before an underscore', 'OLD_FLAG_V2', false],
    ['after a dollar sign', '$OLD_FLAG', true],
    ['after a hyphen and before one', '-OLD_FLAG-', true],
    ['after a dot', 'config.OLD_FLAG', true],
    ['inside quotes', '"OLD_FLAG"', true],
    ['at the end of the line', 'x=OLD_FLAG', true],
  ])('%s: %s', (_case, text, matches) => {
    expect(found(word, text)).toBe(matches);
  });

  const bracketed = { kind: 'text', literal: '[skip old]' };
  it.each([
    ['a literal starting with punctuation, after a letter', 'fix[skip old]', true],
    ['a literal ending with punctuation, before a letter', '[skip old]now', true],
    ['a literal starting with punctuation, alone', '[skip old]', true],
  ])('%s: %s', (_case, text, matches) => {
    expect(found(bracketed, text)).toBe(matches);
  });

  const halfWord = { kind: 'text', literal: '--old-flag' };
  it.each([
    ['a literal starting with punctuation and ending with a letter, after a letter', 'x--old-flag', true],
    ['the same, before a letter', '--old-flags', false],
    ['the same, before a hyphen', '--old-flag-x', true],
  ])('%s: %s', (_case, text, matches) => {
    expect(found(halfWord, text)).toBe(matches);
  });

  const anywhere = { kind: 'text', literal: 'OLD_FLAG', word: false };
  it.each([
    ['word: false, after a letter', 'MY_OLD_FLAG', true],
    ['word: false, before a letter', 'OLD_FLAGS', true],
  ])('%s: %s', (_case, text, matches) => {
    expect(found(anywhere, text)).toBe(matches);
  });
});

describe('a text rule with shapes', () => {
  const sample = { file: 'x', text: 'x' };
  const reads = (rule: Record<string, unknown>, file: string, text: string) =>
    readsFile(
      compileRule(detectRuleSchema.parse({ example: sample, near_miss: sample, ...rule }), { configDir: '.gitlab' }),
      analyzeFile(file, file, text, fileKind(file, { configDir: '.gitlab' })),
    );
  const policy = 'approval_policy:\n  - name: Review\n    rules:\n      - vulnerability_states: [newly_detected]\n';

  it('without globs, reads YAML of its shapes wherever it lies, and no other file', () => {
    const shaped = { kind: 'text', literal: 'newly_detected', shapes: ['security-policy'] };
    expect(reads(shaped, 'anywhere/review.yml', policy)).toBe(true);
    expect(reads(shaped, 'anywhere/notes.yml', 'states: [newly_detected]\n')).toBe(false);
    expect(matchRule(shaped, 'run.sh', 'echo newly_detected\n')).toEqual([]);
  });

  it('with globs too, reads the files they name whatever their shape', () => {
    const both = { kind: 'text', literal: 'newly_detected', files: ['policies/**'], shapes: ['security-policy'] };
    expect(reads(both, 'policies/old.yml', 'states: [newly_detected]\n')).toBe(true);
    expect(reads(both, 'anywhere/review.yml', policy)).toBe(true);
    expect(reads(both, 'anywhere/notes.yml', 'states: [newly_detected]\n')).toBe(false);
  });

  it('reads a Markdown file only in its code blocks, a text file throughout', () => {
    const doc = 'newly_detected in prose\n\n```\nnewly_detected\n```\n';
    expect(matchRule({ kind: 'text', literal: 'newly_detected' }, 'guide.md', doc)).toEqual(['4:1 newly_detected']);
    expect(matchRule({ kind: 'text', literal: 'newly_detected' }, 'guide.txt', doc)).toEqual([
      '1:1 newly_detected',
      '4:1 newly_detected',
    ]);
  });
});
