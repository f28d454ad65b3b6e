import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { unifiedDiff } from '../../../src/check/report/unified-diff.ts';

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
    expect(() => unifiedDiff('a.yml', 'a', 'a\nb')).toThrow(/line count/);
  });

  it('is a patch git applies', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sunset-diff-'));
    try {
      const before = 'job:\n  variables:\n    OLD: 1\n  script: [make]\n';
      const after = before.replace('OLD', 'NEW');
      writeFileSync(path.join(dir, 'ci.yml'), before);
      writeFileSync(path.join(dir, 'fix.patch'), unifiedDiff('ci.yml', before, after));
      execFileSync('git', ['apply', 'fix.patch'], { cwd: dir });
      expect(readFileSync(path.join(dir, 'ci.yml'), 'utf8')).toBe(after);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
