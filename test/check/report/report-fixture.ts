import type { ReportInput } from '../../../src/check/report/report-input.ts';
import type { Finding, RuleInfo } from '../../../src/findings/finding.ts';

const finding = (fields: Partial<Finding>): Finding => ({
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
  ...fields,
});

const rules: RuleInfo[] = [
  {
    id: 'ci-job-jwt-removed',
    title: 'The old job JSON web tokens are removed',
    description: 'Jobs no longer receive CI_JOB_JWT.',
    fix: 'Declare ID tokens with `id_tokens`.',
    helpUri: 'https://sunset.example.com/register/ci-job-jwt-removed/',
    removedIn: '17.0',
  },
  {
    id: 'graphql-old-mutation-deprecated',
    title: 'A mutation is deprecated',
    description: 'It goes later.',
    helpUri: 'https://sunset.example.com/register/graphql-old-mutation-deprecated/',
    removedIn: '18.0',
  },
];

/** Two findings in two files (an error and a warning with characters XML must escape), or none. */
export function reportInput(clean = false, overrides: Partial<ReportInput> = {}): ReportInput {
  const findings = clean
    ? []
    : [
        finding({}),
        finding({
          ruleId: 'graphql-old-mutation-deprecated',
          severity: 'warning',
          file: 'src/api & "queries".js',
          line: 10,
          column: 5,
          match: 'oldMutation',
          message: 'A <mutation> is deprecated',
          helpUri: 'https://sunset.example.com/register/graphql-old-mutation-deprecated/',
          fingerprint: 'b2',
        }),
      ];
  return {
    findings,
    rules,
    stats: { files: 12, bytes: 2048, candidates: 3, suppressed: 1 },
    skipped: [{ path: 'logo.png', reason: 'binary' }],
    range: { from: '16.11', to: '17.0' },
    failOn: 'removed',
    baselined: 0,
    version: '0.1.0',
    cwd: '/work/repo',
    siteUrl: 'https://sunset.example.com',
    ...overrides,
  };
}
