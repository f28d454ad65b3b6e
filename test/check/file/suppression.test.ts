import { describe, expect, it } from 'vitest';
import { createSourceText } from '../../../src/check/file/source-text.ts';
import { ignoredOnLine, ignoreMarker, readSuppressions } from '../../../src/check/file/suppression.ts';

function covered(text: string, id: string): number[] {
  const source = createSourceText(text, 'hash');
  const suppressions = readSuppressions(source);
  return text
    .split('\n')
    .map((_, index) => index + 1)
    .filter((line) => suppressions.covers(line, id));
}

describe('inline suppression', () => {
  it('reads ids after sunset-ignore in any comment syntax', () => {
    expect(ignoredOnLine('echo $X # sunset-ignore ci-job-jwt-removed')).toEqual(['ci-job-jwt-removed']);
    expect(ignoredOnLine('// sunset-ignore a-b, c-d')).toEqual(['a-b', 'c-d']);
    expect(ignoredOnLine('/* sunset-ignore a */')).toEqual(['a']);
    expect(ignoredOnLine('<!-- sunset-ignore a -->')).toEqual(['a']);
    expect(ignoredOnLine('echo sunset-ignore a')).toEqual([]);
    expect(ignoredOnLine('# sunset-ignored a')).toEqual([]);
  });

  it('lets a reason follow the ids after a colon', () => {
    expect(ignoredOnLine("'afterDate', // sunset-ignore some-id: named so it can be refused")).toEqual(['some-id']);
    expect(ignoredOnLine('# sunset-ignore a, b: both are fine here')).toEqual(['a', 'b']);
  });

  it('tells a comment alone on its line from a trailing one, and reads the scoped forms', () => {
    expect(ignoreMarker('  # sunset-ignore a')).toEqual({ scope: 'line', ids: ['a'], ownLine: true });
    expect(ignoreMarker('x # sunset-ignore a')).toEqual({ scope: 'line', ids: ['a'], ownLine: false });
    expect(ignoreMarker('# sunset-ignore-start a, b')).toEqual({ scope: 'start', ids: ['a', 'b'], ownLine: true });
    expect(ignoreMarker('# sunset-ignore-end')).toEqual({ scope: 'end', ids: [], ownLine: true });
    expect(ignoreMarker('# sunset-ignore-file a: vendored copy')).toEqual({ scope: 'file', ids: ['a'], ownLine: true });
    expect(ignoreMarker('# sunset-ignore-start')).toBeUndefined();
    expect(ignoreMarker('# sunset-ignore-later a')).toBeUndefined();
  });

  it('lets a comment alone on its line cover the next line only, for the named id only', () => {
    expect(covered('# sunset-ignore a\nuse one\nuse two\n', 'a')).toEqual([2]);
    expect(covered('# sunset-ignore a\nuse one\nuse two\n', 'b')).toEqual([]);
  });

  it('lets a trailing comment cover its own line and not the next', () => {
    expect(covered('use one # sunset-ignore a\nuse two\n', 'a')).toEqual([1]);
  });

  it('covers every continuation line of a command split with backslashes', () => {
    const text = '# sunset-ignore a\ngitlab-runner register \\\n  --url x \\\n  --registration-token t\necho next\n';
    expect(covered(text, 'a')).toEqual([2, 3, 4]);
  });

  it('covers a start/end block, and runs an unclosed block to the end of the file', () => {
    const text = 'one\n# sunset-ignore-start a\ntwo\nthree\n# sunset-ignore-end\nfour\n';
    expect(covered(text, 'a')).toEqual([3, 4]);
    expect(covered('one\n# sunset-ignore-start a\ntwo\nthree', 'a')).toEqual([3, 4]);
    expect(covered('# sunset-ignore-start a, b\nx\n# sunset-ignore-end a\ny\n', 'b')).toEqual([2, 3, 4, 5]);
    expect(covered('# sunset-ignore-start a, b\nx\n# sunset-ignore-end a\ny\n', 'a')).toEqual([2]);
  });

  it('covers the whole file for ids named by sunset-ignore-file', () => {
    expect(covered('one\ntwo\n# sunset-ignore-file a\nthree', 'a')).toEqual([1, 2, 3, 4]);
    expect(covered('one\ntwo\n# sunset-ignore-file a\nthree', 'b')).toEqual([]);
  });
});
