import { describe, expect, it } from 'vitest';
import { sarifReport } from '../../../src/check/report/sarif-report.ts';
import { reportInput } from './report-fixture.ts';
import { validateSarif as validate } from './sarif-schema.ts';

describe('sarif report', () => {
  it('is valid SARIF 2.1.0, with findings and when clean', () => {
    for (const clean of [false, true]) {
      const log = JSON.parse(sarifReport(reportInput(clean)));
      expect(validate(log), JSON.stringify(validate.errors)).toBe(true);
    }
  });

  it('describes every rule that ran, with the entry id, descriptions and help link', () => {
    const driver = JSON.parse(sarifReport(reportInput())).runs[0].tool.driver;
    expect(driver.name).toBe('sunset');
    expect(driver.rules[0]).toEqual({
      id: 'ci-job-jwt-removed',
      name: 'ci-job-jwt-removed',
      shortDescription: { text: 'The old job JSON web tokens are removed' },
      fullDescription: { text: 'Jobs no longer receive CI_JOB_JWT.' },
      helpUri: 'https://sunset.example.com/register/ci-job-jwt-removed/',
      help: { text: 'Declare ID tokens with `id_tokens`.' },
      properties: { removedIn: '17.0' },
    });
  });

  it('gives each result its rule, level, location and fingerprint', () => {
    const results = JSON.parse(sarifReport(reportInput())).runs[0].results;
    expect(results[1]).toMatchObject({
      ruleId: 'graphql-old-mutation-deprecated',
      ruleIndex: 1,
      level: 'warning',
      locations: [
        {
          physicalLocation: {
            artifactLocation: { uri: 'src/api%20%26%20%22queries%22.js', uriBaseId: '%SRCROOT%' },
            region: { startLine: 10, startColumn: 5 },
          },
        },
      ],
      partialFingerprints: { 'sunsetFingerprint/v1': 'b2' },
    });
  });
});
