import { describe, expect, it } from 'vitest';
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
