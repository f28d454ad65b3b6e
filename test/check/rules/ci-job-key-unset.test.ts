import { describe, expect, it } from 'vitest';
import { matchRule } from './match-rule.ts';

const rule = { kind: 'ci-job-key-unset', uses: 'secrets', key: 'id_tokens' };
const SECRETS = '  secrets:\n    DB_PASSWORD:\n      vault: prod/db/password@ops\n';
const TOKENS = '  id_tokens:\n    VAULT_ID_TOKEN:\n      aud: https://vault.example.com\n';

describe('ci-job-key-unset rule', () => {
  it('reports a job that has the using key and not the needed one, at the using key', () => {
    const text = `build:\n  script: make\ndeploy:\n${SECRETS}  script: ./deploy.sh\n`;
    expect(matchRule(rule, '.gitlab-ci.yml', text)).toEqual(['4:3 secrets without id_tokens']);
  });

  it('is silent when the job, a job it extends or default: declares the key', () => {
    expect(matchRule(rule, '.gitlab-ci.yml', `deploy:\n${TOKENS}${SECRETS}`)).toEqual([]);
    expect(matchRule(rule, '.gitlab-ci.yml', `default:\n${TOKENS}deploy:\n${SECRETS}`)).toEqual([]);
    expect(
      matchRule(
        rule,
        '.gitlab-ci.yml',
        `.vault:\n${TOKENS}deploy:\n  extends: [.base, .vault]\n${SECRETS}.base:\n  tags: [k8s]\n`,
      ),
    ).toEqual([]);
  });

  it('reports a template that jobs inherit the using key from once, and not a template nobody uses', () => {
    const text = `.with-secrets:\n${SECRETS}deploy-a:\n  extends: .with-secrets\ndeploy-b:\n  extends: .with-secrets\n.unused:\n${SECRETS}`;
    expect(matchRule(rule, '.gitlab-ci.yml', text)).toEqual(['2:3 secrets without id_tokens']);
  });

  it('leaves alone a job that extends a job from another file, which may declare the key', () => {
    expect(matchRule(rule, '.gitlab-ci.yml', `include: ci/vault.yml\ndeploy:\n  extends: .vault-auth\n${SECRETS}`)).toEqual([]);
  });

  it('survives extends cycles and reads only CI configuration', () => {
    const cycle = `a:\n  extends: b\n${SECRETS}b:\n  extends: a\n`;
    expect(matchRule(rule, '.gitlab-ci.yml', cycle)).toEqual([]);
    expect(matchRule(rule, 'config/app.yml', `deploy:\n${SECRETS}`)).toEqual([]);
  });
});
