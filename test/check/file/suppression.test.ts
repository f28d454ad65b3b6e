import { describe, expect, it } from 'vitest';
import { createSourceText } from '../../../src/check/file/source-text.ts';
import { ignoredOnLine, isSuppressed } from '../../../src/check/file/suppression.ts';

describe('inline suppression', () => {
  it('reads ids after sunset-ignore in any comment syntax', () => {
    expect(ignoredOnLine('echo $X # sunset-ignore ci-job-jwt-removed')).toEqual(['ci-job-jwt-removed']);
    expect(ignoredOnLine('// sunset-ignore a-b, c-d')).toEqual(['a-b', 'c-d']);
    expect(ignoredOnLine('/* sunset-ignore a */')).toEqual(['a']);
    expect(ignoredOnLine('<!-- sunset-ignore a -->')).toEqual(['a']);
    expect(ignoredOnLine('echo sunset-ignore a')).toEqual([]);
  });

  it('lets a reason follow the ids after a colon', () => {
    expect(ignoredOnLine("'afterDate', // sunset-ignore some-id: named so it can be refused")).toEqual(['some-id']);
    expect(ignoredOnLine('# sunset-ignore a, b: both are fine here')).toEqual(['a', 'b']);
  });

  it('suppresses on the same line or the line above, for the named id only', () => {
    const source = createSourceText('# sunset-ignore a\nuse one\nuse two\n', 'hash');
    expect(isSuppressed(source, 2, 'a')).toBe(true);
    expect(isSuppressed(source, 2, 'b')).toBe(false);
    expect(isSuppressed(source, 3, 'a')).toBe(false);
  });
});
