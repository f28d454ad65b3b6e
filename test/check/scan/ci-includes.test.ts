import { describe, expect, it } from 'vitest';
import { includedFiles } from '../../../src/check/scan/ci-includes.ts';

describe('CI includes', () => {
  it('resolves local includes in every syntax, globs included, and skips other kinds', () => {
    const ci = [
      'include:',
      '  - local: /ci/build.yml',
      "  - 'ci/test.yml'",
      '  - local: jobs/*.yml',
      '  - remote: https://example.com/x.yml',
      '  - project: group/other',
      '    file: /x.yml',
      '',
    ].join('\n');
    const found = includedFiles(ci, ['ci/build.yml', 'ci/test.yml', 'jobs/a.yml', 'jobs/deep/b.yml', 'x.yml']);
    expect([...found].sort()).toEqual(['ci/build.yml', 'ci/test.yml', 'jobs/a.yml']);
  });

  it('reads a single include and survives a file that does not parse', () => {
    expect([...includedFiles('include: ci/a.yml\n', ['ci/a.yml'])]).toEqual(['ci/a.yml']);
    expect(includedFiles('include: [\n', ['ci/a.yml']).size).toBe(0);
  });
});
