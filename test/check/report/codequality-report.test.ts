import { describe, expect, it } from 'vitest';
import { codequalityReport } from '../../../src/check/report/codequality-report.ts';
import { reportInput } from './report-fixture.ts';

describe('code-quality report', () => {
  it('writes the fields merge requests read, errors as major and warnings as minor', () => {
    const issues = JSON.parse(codequalityReport(reportInput()));
    expect(issues).toHaveLength(2);
    expect(issues[0]).toMatchObject({
      description: 'The old job JSON web tokens are removed Fix: Declare ID tokens with `id_tokens`.',
      check_name: 'ci-job-jwt-removed',
      fingerprint: 'a1',
      severity: 'major',
      location: { path: '.gitlab-ci.yml', lines: { begin: 3 } },
    });
    expect(issues[1].severity).toBe('minor');
  });

  it('is an empty array when clean', () => {
    expect(JSON.parse(codequalityReport(reportInput(true)))).toEqual([]);
  });
});
