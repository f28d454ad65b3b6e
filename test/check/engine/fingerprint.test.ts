import { describe, expect, it } from 'vitest';
import { createEngine } from '../../../src/check/engine/engine.ts';
import { fingerprintOf, normaliseMatch } from '../../../src/check/engine/fingerprint.ts';
import { activeRule } from '../active-rule.ts';

/**
 * A fingerprint names a use so a baseline still knows it after the file is edited around it: equal when
 * only whitespace changes (reindented, lines moved, a line split, tabs for spaces), different for
 * another file, another rule, other matched text or a later occurrence of the same text.
 */
describe('a fingerprint', () => {
  const base = fingerprintOf('old-api', 'src/client.ts', 'POST /runners', 0);

  it.each([
    ['runs of spaces', 'POST    /runners'],
    ['a tab', 'POST\t/runners'],
    ['a line break and indentation', 'POST\n      /runners'],
    ['a carriage return and line feed', 'POST\r\n/runners'],
    ['leading and trailing space', '  POST /runners\n'],
  ])('is equal when the match differs only by %s', (_case, match) => {
    expect(fingerprintOf('old-api', 'src/client.ts', match, 0)).toBe(base);
  });

  it.each([
    ['another file', ['old-api', 'src/other.ts', 'POST /runners', 0]],
    ['the same file name in another folder', ['old-api', 'lib/client.ts', 'POST /runners', 0]],
    ['another rule', ['new-api', 'src/client.ts', 'POST /runners', 0]],
    ['other text', ['old-api', 'src/client.ts', 'POST /runner', 0]],
    ['text that differs by a removed space', ['old-api', 'src/client.ts', 'POST/runners', 0]],
    ['the next occurrence', ['old-api', 'src/client.ts', 'POST /runners', 1]],
    ['fields run together', ['old-ap', 'isrc/client.ts', 'POST /runners', 0]],
  ] as const)('differs for %s', (_case, [rule, file, match, occurrence]) => {
    expect(fingerprintOf(rule, file, match, occurrence)).not.toBe(base);
  });

  it('is 32 hexadecimal characters, and normalising collapses every kind of whitespace to one space', () => {
    expect(base).toMatch(/^[0-9a-f]{32}$/);
    expect(normaliseMatch(' a\t\n\r\u00a0 b ')).toBe('a b');
  });
});

describe('fingerprints of a file’s findings', () => {
  const engine = createEngine([activeRule('old-flag', { kind: 'text', literal: 'OLD_FLAG' })], { configDir: '.gitlab' });
  const fingerprints = (file: string, text: string) =>
    engine.checkText({ path: file, rootPath: file }, text).findings.map((finding) => finding.fingerprint);
  const original = fingerprints('run.sh', 'echo OLD_FLAG\nrun --x OLD_FLAG\n');

  it('are two for two uses of the same text', () => {
    expect(original).toHaveLength(2);
    expect(new Set(original).size).toBe(2);
  });

  it.each([
    ['reindented', '    echo OLD_FLAG\n\t\trun --x OLD_FLAG\n'],
    ['moved down by blank lines and a comment', '# setup\n\n\necho OLD_FLAG\n\nrun --x OLD_FLAG\n'],
    ['with a line split', 'echo \\\n  OLD_FLAG\nrun \\\n  --x OLD_FLAG\n'],
    ['with Windows line ends', 'echo OLD_FLAG\r\nrun --x OLD_FLAG\r\n'],
  ])('are unchanged when the file is %s', (_case, text) => {
    expect(fingerprints('run.sh', text)).toEqual(original);
  });

  it('differ in another file with the same text', () => {
    const other = fingerprints('scripts/run.sh', 'echo OLD_FLAG\nrun --x OLD_FLAG\n');
    expect(other).toHaveLength(2);
    expect(other.filter((print) => original.includes(print))).toEqual([]);
  });

  it('of a later use stay when an earlier one is suppressed', () => {
    const [, second] = original;
    expect(fingerprints('run.sh', 'echo OLD_FLAG # sunset-ignore old-flag\nrun --x OLD_FLAG\n')).toEqual([second]);
  });
});
