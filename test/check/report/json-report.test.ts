import { describe, expect, it } from 'vitest';
import { jsonReport } from '../../../src/check/report/json-report.ts';
import { reportInput } from './report-fixture.ts';

describe('json report', () => {
  it('carries the range, a summary and every finding with its fields', () => {
    const report = JSON.parse(jsonReport(reportInput()));
    expect(report.range).toEqual({ from: '16.11', to: '17.0' });
    expect(report.summary).toMatchObject({ errors: 1, warnings: 1, files: 2, scanned: 12, suppressed: 1, skipped: 1 });
    expect(report.findings[0]).toEqual({
      ruleId: 'ci-job-jwt-removed',
      severity: 'error',
      file: '.gitlab-ci.yml',
      line: 3,
      column: 24,
      match: 'CI_JOB_JWT',
      message: 'The old job JSON web tokens are removed',
      fix: 'Declare ID tokens with `id_tokens`.',
      helpUri: 'https://sunset.example.com/register/ci-job-jwt-removed/',
      fingerprint: 'a1',
    });
  });
});
