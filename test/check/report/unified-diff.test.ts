import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { unifiedDiff } from '../../../src/check/report/unified-diff.ts';

/** Applies a diff of `before` → `after` to a file holding `before`, with `git apply` and with GNU `patch`, and returns both results. */
function applied(before: string, after: string): { git: string; patch: string } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sunset-diff-'));
  try {
    const diff = unifiedDiff('ci.yml', before, after);
    writeFileSync(path.join(dir, 'fix.patch'), diff);
    writeFileSync(path.join(dir, 'ci.yml'), before);
    execFileSync('git', ['apply', 'fix.patch'], { cwd: dir });
    const git = readFileSync(path.join(dir, 'ci.yml'), 'utf8');
    writeFileSync(path.join(dir, 'ci.yml'), before);
    execFileSync('patch', ['-p1', '--quiet', '-i', 'fix.patch'], { cwd: dir });
    return { git, patch: readFileSync(path.join(dir, 'ci.yml'), 'utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('unified diff', () => {
  it('prints changed lines with three lines of context, merging nearby hunks', () => {
    const before = ['1', '2', '3', '4', 'old', '6', '7', 'old', '9', '10', '11', '12', '13', '14', '15', '16', 'old', ''].join(
      '\n',
    );
    const after = before.replaceAll('old', 'new');
    expect(unifiedDiff('a.yml', before, after)).toBe(
      [
        '--- a/a.yml',
        '+++ b/a.yml',
        '@@ -2,10 +2,10 @@',
        ' 2',
        ' 3',
        ' 4',
        '-old',
        '+new',
        ' 6',
        ' 7',
        '-old',
        '+new',
        ' 9',
        ' 10',
        ' 11',
        '@@ -14,4 +14,4 @@',
        ' 14',
        ' 15',
        ' 16',
        '-old',
        '+new',
        '',
      ].join('\n'),
    );
    expect(unifiedDiff('a.yml', before, before)).toBe('');
    expect(() => unifiedDiff('a.yml', 'a', 'a\nb')).toThrow(/keep the lines/);
    expect(() => unifiedDiff('a.yml', 'a\n', 'a')).toThrow(/keep the lines/);
  });

  it('marks a last line without a line break, so git apply and patch accept it', () => {
    const before = 'job:\n  variables:\n    OLD: 1';
    const after = before.replace('OLD', 'NEW');
    expect(unifiedDiff('ci.yml', before, after)).toContain(
      '-    OLD: 1\n\\ No newline at end of file\n+    NEW: 1\n\\ No newline at end of file\n',
    );
    expect(applied(before, after)).toEqual({ git: after, patch: after });
    const context = 'OLD: 1\nb: 2';
    expect(unifiedDiff('ci.yml', context, context.replace('OLD', 'NEW'))).toMatch(/ b: 2\n\\ No newline at end of file\n$/);
    expect(applied(context, context.replace('OLD', 'NEW'))).toEqual({
      git: context.replace('OLD', 'NEW'),
      patch: context.replace('OLD', 'NEW'),
    });
  });

  it('keeps CRLF line ends and a byte order mark, so the patch applies to the file as it is', () => {
    for (const before of [
      'job:\r\n  variables:\r\n    OLD: 1\r\n  script: [make]\r\n',
      '\uFEFFOLD: 1\nb: 2\n',
      'OLD: 1\r\nb: 2',
    ]) {
      const after = before.replace('OLD', 'NEW');
      expect(applied(before, after), JSON.stringify(before)).toEqual({ git: after, patch: after });
    }
  });
});
