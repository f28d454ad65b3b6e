import { describe, expect, it } from 'vitest';
import { createSourceText } from '../../../src/check/file/source-text.ts';
import { ignoreMarker, readSuppressions } from '../../../src/check/file/suppression.ts';
import { runCli } from '../run-cli.ts';
import { tempTree } from '../scan/temp-tree.ts';

/**
 * The edges of `sunset-ignore`: what is a marker and what only looks like one, where a block ends, and
 * how far a suppression on its own line reaches.
 */
function covered(text: string, id: string): number[] {
  const suppressions = readSuppressions(createSourceText(text, 'hash'));
  return text
    .split('\n')
    .map((_, index) => index + 1)
    .filter((line) => suppressions.covers(line, id));
}

describe('what is a sunset-ignore marker', () => {
  it('takes a colon right after the word, then a space, as the start of the ids', () => {
    expect(ignoreMarker('x # sunset-ignore: a-b')).toEqual({ scope: 'line', ids: ['a-b'], ownLine: false });
    expect(ignoreMarker('x # sunset-ignore:a-b')).toBeUndefined();
    expect(ignoreMarker('x # sunset-ignore:a-b because')).toBeUndefined();
    expect(ignoreMarker('x # sunset-ignore/a-b c-d')).toBeUndefined();
  });

  it('reads only ids: lower case words joined by single hyphens, a colon only at the end', () => {
    expect(ignoreMarker('# sunset-ignore Ci-job')).toBeUndefined();
    expect(ignoreMarker('# sunset-ignore ci-job!')).toBeUndefined();
    expect(ignoreMarker('# sunset-ignore a:b')).toBeUndefined();
    expect(ignoreMarker('# sunset-ignore a-b c:d e-f')?.ids).toEqual(['a-b']);
  });

  it('finds the comment anywhere after its opener, and a block comment line starting with *', () => {
    expect(ignoreMarker('# reason first, then sunset-ignore a-b')?.ids).toEqual(['a-b']);
    expect(ignoreMarker('   * sunset-ignore a-b')).toEqual({ scope: 'line', ids: ['a-b'], ownLine: true });
    expect(ignoreMarker('x = 2 * sunset-ignore a-b')).toBeUndefined();
  });

  it('ends a block at an end marker written right before the comment closes', () => {
    const text = ['/* sunset-ignore-start a-b */', 'one', '/* sunset-ignore-end*/', 'two'].join('\n');
    expect(ignoreMarker('/* sunset-ignore-end*/')).toEqual({ scope: 'end', ids: [], ownLine: true });
    expect(covered(text, 'a-b')).toEqual([2]);
  });
});

describe('how far a suppression reaches', () => {
  it('continues to the next line only past a backslash that ends the line', () => {
    const text = ['# sunset-ignore a-b', "printf 'a\\tb' \\", '  --more', 'echo next', "printf 'c\\td'", 'echo last'].join('\n');
    expect(covered(text, 'a-b')).toEqual([2, 3]);
    expect(covered(['# sunset-ignore a-b', "printf 'a\\tb'", 'echo after'].join('\n'), 'a-b')).toEqual([2]);
  });

  it('says false, not just nothing, for a file without markers', () => {
    expect(readSuppressions(createSourceText('echo $CI_JOB_JWT\n', 'hash')).covers(1, 'ci-job-jwt-removed')).toBe(false);
  });

  it('is what sunset check honours: a look-alike marker suppresses nothing', async () => {
    const root = tempTree({
      '.gitlab-ci.yml': [
        'job:',
        '  script:',
        '    - echo "$CI_JOB_JWT" # sunset-ignore: ci-job-jwt-removed',
        '    - echo "$CI_JOB_JWT" # sunset-ignore:ci-job-jwt-removed',
        '',
      ].join('\n'),
    });
    const { stdout } = await runCli(['check', '.', '--to', '17.0', '--format', 'json'], root);
    const report = JSON.parse(stdout) as { findings: { line: number }[]; summary: { suppressed: number } };
    expect(report.findings.map((finding) => finding.line)).toEqual([4]);
    expect(report.summary.suppressed).toBe(1);
  });
});
