import { describe, expect, it } from 'vitest';
import { matchRule } from './match-rule.ts';

const rule = { kind: 'ci-variable', name: 'CI_JOB_JWT' };

describe('ci-variable rule', () => {
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the text under test is source code that uses ${…}
  it('finds $NAME, ${NAME}, %NAME% and $env:NAME but not longer names', () => {
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the text under test is source code that uses ${…}
    const text = 'a: $CI_JOB_JWT\nb: ${CI_JOB_JWT}\nc: %CI_JOB_JWT%\nd: $env:CI_JOB_JWT\ne: $CI_JOB_JWT_V2 ${CI_JOB_JWTX}\n';
    expect(matchRule(rule, 'run.sh', text)).toEqual(['1:5 CI_JOB_JWT', '2:6 CI_JOB_JWT', '3:5 CI_JOB_JWT', '4:9 CI_JOB_JWT']);
  });

  it('finds environment lookups and assignments in code and scripts', () => {
    const text = 'const t = process.env.CI_JOB_JWT;\nos.environ["CI_JOB_JWT"]\nexport CI_JOB_JWT=abc\nMY_CI_JOB_JWT=1\n';
    expect(matchRule(rule, 'deploy.js', text)).toEqual(['1:23 CI_JOB_JWT', '2:13 CI_JOB_JWT', '3:8 CI_JOB_JWT']);
  });

  it('finds a definition under variables: in CI configuration, but not in a comment', () => {
    const text =
      'variables:\n  CI_JOB_JWT: x\n# $CI_JOB_JWT\njob:\n  variables:\n    CI_JOB_JWT: "y"\n  script: echo ok # $CI_JOB_JWT\n';
    expect(matchRule(rule, '.gitlab-ci.yml', text)).toEqual(['2:3 CI_JOB_JWT', '6:5 CI_JOB_JWT']);
  });

  it('with a value, reports only places that set that value', () => {
    const valued = { kind: 'ci-variable', name: 'LICENSE_MANAGEMENT_VERSION', value: '4' };
    const ci =
      'variables:\n  LICENSE_MANAGEMENT_VERSION: 4\njob:\n  variables:\n    LICENSE_MANAGEMENT_VERSION: { value: "4" }\nother:\n  variables:\n    LICENSE_MANAGEMENT_VERSION: 5\n  script: echo $LICENSE_MANAGEMENT_VERSION\n';
    expect(matchRule(valued, '.gitlab-ci.yml', ci)).toEqual([
      '2:3 LICENSE_MANAGEMENT_VERSION=4',
      '5:5 LICENSE_MANAGEMENT_VERSION=4',
    ]);
    expect(matchRule(valued, 'env.sh', 'LICENSE_MANAGEMENT_VERSION=4\nLICENSE_MANAGEMENT_VERSION=42\n')).toEqual([
      '1:1 LICENSE_MANAGEMENT_VERSION',
    ]);
  });

  it('does not read prose or GraphQL', () => {
    expect(matchRule(rule, 'README.md', 'set $CI_JOB_JWT\n')).toEqual([]);
    expect(matchRule(rule, 'q.graphql', '# $CI_JOB_JWT\n{ a }\n')).toEqual([]);
  });

  it('with unless_values, reports settings to other values only, never the remedy or a read', () => {
    const rule = { kind: 'ci-variable', name: 'LICENSE_MANAGEMENT_VERSION', unless_values: ['4'] };
    const ci = [
      'variables:',
      '  LICENSE_MANAGEMENT_VERSION: "4"',
      'a:',
      '  variables:',
      '    LICENSE_MANAGEMENT_VERSION: 3',
      'b:',
      '  variables:',
      '    LICENSE_MANAGEMENT_VERSION: { value: "4" }',
      '  script: echo $LICENSE_MANAGEMENT_VERSION',
      '',
    ].join('\n');
    expect(matchRule(rule, '.gitlab-ci.yml', ci)).toEqual(['5:5 LICENSE_MANAGEMENT_VERSION=3']);
    const sh =
      'LICENSE_MANAGEMENT_VERSION=4\nexport LICENSE_MANAGEMENT_VERSION="5"\n# LICENSE_MANAGEMENT_VERSION=2\nLICENSE_MANAGEMENT_VERSION=44\n';
    expect(matchRule(rule, 'env.sh', sh)).toEqual(['2:8 LICENSE_MANAGEMENT_VERSION=5', '4:1 LICENSE_MANAGEMENT_VERSION=44']);
  });
});
