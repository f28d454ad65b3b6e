import { describe, expect, it } from 'vitest';
import { createEngine } from '../../../src/check/engine/engine.ts';
import { activeRules } from '../../../src/findings/active-rules.ts';
import { loadRegister } from '../../../src/register/index.ts';
import { activeRule } from '../active-rule.ts';
import { anchorOf, matchRule } from './match-rule.ts';

const rule = { kind: 'ci-variable-unset', name: 'POSTGRES_ENABLED', when: ['Auto-DevOps'] };
const INCLUDE = 'include:\n  - template: Auto-DevOps.gitlab-ci.yml\n';

describe('ci-variable-unset rule', () => {
  it('reports a CI file that uses the feature and sets the variable nowhere, once, at the first use', () => {
    const text = `${INCLUDE}\nvariables:\n  KUBE_NAMESPACE: shop\n# Auto-DevOps again\ndeploy:\n  extends: .auto-deploy # from Auto-DevOps\n`;
    expect(matchRule(rule, '.gitlab-ci.yml', text)).toEqual(['2:15 Auto-DevOps without POSTGRES_ENABLED']);
  });

  it('is silent once the variable is set to anything, globally or in a job, plain or expanded', () => {
    for (const variables of [
      'variables:\n  POSTGRES_ENABLED: "true"\n',
      'variables:\n  POSTGRES_ENABLED: "false"\n',
      'production:\n  variables:\n    POSTGRES_ENABLED: { value: "true", description: db }\n',
    ]) {
      expect(matchRule(rule, '.gitlab-ci.yml', `${INCLUDE}${variables}`), variables).toEqual([]);
    }
  });

  it('does not count a use in a comment, a read of the variable as setting it, or files other than CI configuration', () => {
    expect(matchRule(rule, '.gitlab-ci.yml', '# we left Auto-DevOps.gitlab-ci.yml\nbuild:\n  script: make\n')).toEqual([]);
    expect(matchRule(rule, '.gitlab-ci.yml', `${INCLUDE}test:\n  script: echo $POSTGRES_ENABLED\n`)).toEqual([
      '2:15 Auto-DevOps without POSTGRES_ENABLED',
    ]);
    expect(matchRule(rule, 'docs/ci.yml', INCLUDE)).toEqual([]);
    expect(matchRule(rule, 'deploy.sh', 'echo Auto-DevOps\n')).toEqual([]);
  });

  it('accepts several literals and then has no prefilter anchor', () => {
    const several = {
      kind: 'ci-variable-unset',
      name: 'DS_INCLUDE_DEV_DEPENDENCIES',
      when: ['Dependency-Scanning', 'dependency_scanning'],
    };
    expect(matchRule(several, '.gitlab-ci.yml', 'dependency_scanning:\n  stage: test\n')).toEqual([
      '1:1 dependency_scanning without DS_INCLUDE_DEV_DEPENDENCIES',
    ]);
    expect(anchorOf(several)).toBeUndefined();
    expect(anchorOf(rule)).toBe('Auto-DevOps');
  });

  it('reports warnings even for a breaking entry, since the variable may be set outside the repository', async () => {
    const register = await loadRegister();
    const active = activeRules(register, { from: '15.11', to: '16.0' }, new Set(['auto-devops-database-not-provisioned']));
    expect(active.map((item) => [item.rule.kind, item.severity])).toEqual([['ci-variable-unset', 'warning']]);
    const entry = register.entries.find((each) => each.id === 'auto-devops-database-not-provisioned');
    expect(entry?.breaking).toBe(true);
  });
});

describe('ci-variable-unset rules of two variables', () => {
  it('lets a file settle only the rule of the variable it sets', () => {
    const engine = createEngine(
      [
        activeRule('postgres', rule),
        activeRule('namespace', { kind: 'ci-variable-unset', name: 'KUBE_NAMESPACE', when: ['Auto-DevOps'] }),
      ],
      { configDir: '.gitlab' },
    );
    const text = `${INCLUDE}variables:\n  KUBE_NAMESPACE: shop\n`;
    const { findings } = engine.checkText({ path: '.gitlab-ci.yml', rootPath: '.gitlab-ci.yml' }, text);
    expect(findings.map((finding) => `${finding.ruleId} ${finding.line}:${finding.column}`)).toEqual(['postgres 2:15']);
  });
});
