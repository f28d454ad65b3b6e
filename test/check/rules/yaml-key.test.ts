import { describe, expect, it } from 'vitest';
import { anchorOf, matchRule } from './match-rule.ts';

describe('ci-keyword rule', () => {
  const ci = [
    'include:',
    '  - template: Jobs/License-Scanning.gitlab-ci.yml',
    '  - local: ci/other.yml',
    'test:',
    '  tags: [gce, docker]',
    '  after_script:',
    '    - ./cleanup.sh',
    '# after_script: in a comment',
    'lint:',
    '  script: echo "after_script:"',
    '',
  ].join('\n');

  it('matches a key at a path with * for any job, on the key', () => {
    expect(matchRule({ kind: 'ci-keyword', path: '*.after_script' }, '.gitlab-ci.yml', ci)).toEqual(['6:3 *.after_script']);
  });

  it('reads a job’s keys merged in from an anchor (<<: *anchor) or given as an alias, on the key where it is written', () => {
    const anchored = [
      '.scan-vars: &scan-vars', // 1
      '  DOCKER_IMAGE: registry.example.com/app:latest', // 2
      '.image-only: &image-only', // 3
      '  DOCKER_IMAGE: registry.example.com/app:next', // 4
      'container_scanning:', // 5
      '  variables:', // 6
      '    <<: *scan-vars', // 7
      'other_job:', // 8
      '  variables: *image-only', // 9
      '',
    ].join('\n');
    expect(
      matchRule({ kind: 'ci-keyword', path: 'container_scanning.variables.DOCKER_IMAGE' }, '.gitlab-ci.yml', anchored),
    ).toEqual(['2:3 container_scanning.variables.DOCKER_IMAGE']);
    // The anchor another job uses is not the scanner's: nothing points at line 4.
    const alias = anchored.replace('    <<: *scan-vars', '    <<: *image-only');
    expect(matchRule({ kind: 'ci-keyword', path: 'container_scanning.variables.DOCKER_IMAGE' }, '.gitlab-ci.yml', alias)).toEqual(
      ['4:3 container_scanning.variables.DOCKER_IMAGE'],
    );
    // With a value, the job's own key wins over the merged one.
    const own = anchored.replace('    <<: *scan-vars', '    <<: *scan-vars\n    DOCKER_IMAGE: mine');
    expect(
      matchRule(
        { kind: 'ci-keyword', path: 'container_scanning.variables.DOCKER_IMAGE', value: 'registry.example.com/app:latest' },
        '.gitlab-ci.yml',
        own,
      ),
    ).toEqual([]);
  });

  it('with a value, matches the list item or scalar that holds it', () => {
    expect(matchRule({ kind: 'ci-keyword', path: '*.tags', value: 'gce' }, '.gitlab-ci.yml', ci)).toEqual(['5:10 *.tags=gce']);
    expect(
      matchRule(
        { kind: 'ci-keyword', path: 'include[].template', value: 'Jobs/License-Scanning.gitlab-ci.yml' },
        '.gitlab-ci.yml',
        ci,
      ),
    ).toEqual(['2:15 include[].template=Jobs/License-Scanning.gitlab-ci.yml']);
    expect(matchRule({ kind: 'ci-keyword', path: '*.tags', value: 'east-c' }, '.gitlab-ci.yml', ci)).toEqual([]);
  });

  it('reads only CI configuration', () => {
    expect(matchRule({ kind: 'ci-keyword', path: '*.after_script' }, 'config/app.yml', ci)).toEqual([]);
    expect(matchRule({ kind: 'ci-keyword', path: '*.after_script' }, '.gitlab/ci/jobs.yml', ci)).toEqual(['6:3 *.after_script']);
    expect(matchRule({ kind: 'ci-keyword', path: '*.after_script' }, 'templates/deploy.gitlab-ci.yml', ci)).toEqual([
      '6:3 *.after_script',
    ]);
  });

  it('reads include in its single-map form as well as its list form', () => {
    const rule = { kind: 'ci-keyword', path: 'include[].template', value: 'Workflows/Branch-Pipelines.gitlab-ci.yml' };
    const map = 'include:\n  template: Workflows/Branch-Pipelines.gitlab-ci.yml\n';
    const list = 'include:\n  - template: Workflows/Branch-Pipelines.gitlab-ci.yml\n';
    expect(matchRule(rule, '.gitlab-ci.yml', map)).toEqual(['2:13 include[].template=Workflows/Branch-Pipelines.gitlab-ci.yml']);
    expect(matchRule(rule, '.gitlab-ci.yml', list)).toEqual(['2:15 include[].template=Workflows/Branch-Pipelines.gitlab-ci.yml']);
    // Another key of the map, a local include with the same name, and a job key named include are not the template.
    expect(matchRule(rule, '.gitlab-ci.yml', 'include:\n  local: Workflows/Branch-Pipelines.gitlab-ci.yml\n')).toEqual([]);
    expect(
      matchRule(rule, '.gitlab-ci.yml', 'job:\n  include:\n    template: Workflows/Branch-Pipelines.gitlab-ci.yml\n'),
    ).toEqual([]);
    // Only `include` takes a map for a list: other paths with `[]` stay lists.
    const needs = { kind: 'ci-keyword', path: '*.needs[].job', value: 'build' };
    expect(matchRule(needs, '.gitlab-ci.yml', 'test:\n  needs:\n    job: build\n')).toEqual([]);
  });

  it('anchors the prefilter on the last literal key', () => {
    expect(anchorOf({ kind: 'ci-keyword', path: '*.secrets.*.vault' })).toBe('vault');
  });
});

describe('yaml-key rule', () => {
  const rule = { kind: 'yaml-key', files: ['**/config.yml'], path: 'notifications.endpoints[].threshold' };
  const config = 'notifications:\n  endpoints:\n    - name: hook\n      threshold: 5\n    - name: other\n      maxretries: 3\n';

  it('matches keys through list items in files that match its globs', () => {
    expect(matchRule(rule, 'registry/config.yml', config)).toEqual(['4:7 notifications.endpoints[].threshold']);
    expect(matchRule(rule, 'registry/settings.yml', config)).toEqual([]);
  });

  it('matches every document of a multi-document file', () => {
    expect(matchRule(rule, 'config.yml', `${config}---\n${config}`)).toHaveLength(2);
  });

  it('accepts {config_dir} in globs', () => {
    const policy = { kind: 'yaml-key', files: ['{config_dir}/security-policies/*.yml'], path: 'rules[].match_on_inclusion' };
    expect(matchRule(policy, '.gitlab/security-policies/policy.yml', 'rules:\n  - match_on_inclusion: true\n')).toEqual([
      '2:5 rules[].match_on_inclusion',
    ]);
  });
});

describe('ci-keyword rule with context', () => {
  const rule = { kind: 'ci-keyword', path: 'variables.DOCKER_IMAGE', context: ['Container-Scanning', 'container_scanning'] };

  it('reads a file only when a context literal appears outside comments', () => {
    const variables = 'variables:\n  DOCKER_IMAGE: app:latest\n';
    expect(
      matchRule(rule, '.gitlab-ci.yml', `include:\n  - template: Jobs/Container-Scanning.gitlab-ci.yml\n${variables}`),
    ).toEqual(['4:3 variables.DOCKER_IMAGE']);
    expect(matchRule(rule, '.gitlab-ci.yml', `container_scanning:\n  stage: test\n${variables}`)).toEqual([
      '4:3 variables.DOCKER_IMAGE',
    ]);
    expect(matchRule(rule, '.gitlab-ci.yml', `# Container-Scanning lives elsewhere\n${variables}`)).toEqual([]);
    expect(matchRule(rule, '.gitlab-ci.yml', variables)).toEqual([]);
  });

  it('with unless_empty, leaves out a key whose value is empty and keeps one with content', () => {
    const rule = { kind: 'ci-keyword', path: '*.after_script', unless_empty: true };
    const text =
      'a:\n  after_script: []\nb:\n  after_script:\nc:\n  after_script: ""\nd:\n  after_script: [./x.sh]\ne:\n  after_script: ./y.sh\n';
    expect(matchRule(rule, '.gitlab-ci.yml', text)).toEqual(['8:3 *.after_script', '10:3 *.after_script']);
    expect(matchRule({ kind: 'ci-keyword', path: '*.after_script' }, '.gitlab-ci.yml', text)).toHaveLength(5);
  });
});
