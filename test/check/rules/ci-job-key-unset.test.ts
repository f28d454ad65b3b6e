import { describe, expect, it } from 'vitest';
import { MAX_EXTENDS_DEPTH } from '../../../src/check/rules/ci-job-key-unset.ts';
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

  it('reads keys merged in from an anchor as the job’s own: the needed key, and the using key', () => {
    const anchored = `.vault: &vault\n${TOKENS}deploy:\n  <<: *vault\n${SECRETS}`;
    expect(matchRule(rule, '.gitlab-ci.yml', anchored)).toEqual([]);
    expect(
      matchRule(rule, '.gitlab-ci.yml', `.defaults: &defaults\n${TOKENS}default:\n  <<: *defaults\ndeploy:\n${SECRETS}`),
    ).toEqual([]);
    // The using key merged in is reported where it is written, once, however many jobs merge it.
    const shared = `.secret: &secret\n${SECRETS}deploy:\n  <<: *secret\nrelease:\n  <<: *secret\n`;
    expect(matchRule(rule, '.gitlab-ci.yml', shared)).toEqual(['2:3 secrets without id_tokens']);
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

  /** A job reaching the using key through `templates` hidden templates, each extending the next. */
  const chain = (templates: number) =>
    `job:\n  extends: .t0\n` +
    Array.from({ length: templates }, (_, index) =>
      index === templates - 1 ? `.t${index}:\n${SECRETS}` : `.t${index}:\n  extends: .t${index + 1}\n`,
    ).join('');

  it('follows extends as deep as the limit, and reads a deeper chain as unknown', () => {
    const within = chain(MAX_EXTENDS_DEPTH);
    expect(matchRule(rule, '.gitlab-ci.yml', within)).toEqual([`${2 * MAX_EXTENDS_DEPTH + 2}:3 secrets without id_tokens`]);
    expect(matchRule(rule, '.gitlab-ci.yml', chain(MAX_EXTENDS_DEPTH + 1))).toEqual([]);
  });

  it('resolves a chain of 2,000 jobs written either way round, each job once', () => {
    // Each job extends the one before, so every job but the first finds its parent already resolved.
    const text =
      `.base:\n${SECRETS}` +
      Array.from({ length: 2000 }, (_, index) => `job${index}:\n  extends: ${index === 0 ? '.base' : `job${index - 1}`}\n`).join(
        '',
      );
    expect(matchRule(rule, '.gitlab-ci.yml', text)).toEqual(['2:3 secrets without id_tokens']);
    // Written from the far end, the first jobs are cut short by the limit; the last ones still report.
    const jobs = Array.from(
      { length: 2000 },
      (_, index) => `job${index}:\n  extends: ${index === 1999 ? '.base' : `job${index + 1}`}\n`,
    );
    const reversed = `${jobs.join('')}.base:\n${SECRETS}`;
    expect(matchRule(rule, '.gitlab-ci.yml', reversed)).toEqual(['4002:3 secrets without id_tokens']);
  });
});

describe('ci-job-key-unset rule, edges of extends and default', () => {
  it('reports a job first met at the depth limit once it is read from its own start', () => {
    // `start` reaches `x` through 31 templates, at the limit, where the template `x` extends lies past it;
    // read from `x` itself, the chain is short and `x` lacks the key.
    const templates = Array.from(
      { length: 31 },
      (_, index) => `.t${index + 1}:\n  extends: ${index === 30 ? 'x' : `.t${index + 2}`}\n`,
    );
    const text = `start:\n  extends: .t1\n${templates.join('')}x:\n  extends: .y\n${SECRETS}.y:\n  tags: [k8s]\n`;
    expect(matchRule(rule, '.gitlab-ci.yml', text)).toEqual([`${2 + 2 * 31 + 3}:3 secrets without id_tokens`]);
  });

  it('takes the using key from the later of two parents', () => {
    const text = `job:\n  extends: [.a, .b]\n.a:\n${SECRETS}.b:\n${SECRETS}`;
    expect(matchRule(rule, '.gitlab-ci.yml', text)).toEqual(['8:3 secrets without id_tokens']);
  });

  it('reads a template shared by two jobs for each of them: one declares the key, the other does not', () => {
    // The template extends another, so it is remembered after the first job and read from memory by the second.
    const text = `a:\n  extends: .t\n${TOKENS}b:\n  extends: .t\n.t:\n  extends: .base\n${SECRETS}.base:\n  tags: [k8s]\n`;
    expect(matchRule(rule, '.gitlab-ci.yml', text)).toEqual(['10:3 secrets without id_tokens']);
  });

  it('reports in the order of the file, whichever job is read first', () => {
    const text = `a:\n  extends: .t\nb:\n${SECRETS}.t:\n${SECRETS}`;
    expect(matchRule(rule, '.gitlab-ci.yml', text)).toEqual(['4:3 secrets without id_tokens', '8:3 secrets without id_tokens']);
  });

  /** `count` jobs that each extend all the others, the first with the using key. */
  const everyOther = (count: number) => {
    const names = Array.from({ length: count }, (_, index) => `j${index}`);
    return names
      .map(
        (name) => `${name}:\n  extends: [${names.filter((other) => other !== name).join(', ')}]\n${name === 'j0' ? SECRETS : ''}`,
      )
      .join('');
  };

  it('reads jobs that all extend each other as unknown, within the limit and past it', () => {
    // Walked path by path instead of job by job (or depth by depth past the limit), these would never finish.
    expect(matchRule(rule, '.gitlab-ci.yml', everyOther(MAX_EXTENDS_DEPTH - 2))).toEqual([]);
    expect(matchRule(rule, '.gitlab-ci.yml', everyOther(MAX_EXTENDS_DEPTH + 8))).toEqual([]);
  });

  it('is silent only when default: itself declares the key, whatever else it or a job holds', () => {
    const job = `deploy:\n${SECRETS}`;
    expect(matchRule(rule, '.gitlab-ci.yml', `default:\n  image: alpine\n${TOKENS}${job}`)).toEqual([]);
    expect(matchRule(rule, '.gitlab-ci.yml', `default:\n  image: alpine\n${job}`)).toEqual(['4:3 secrets without id_tokens']);
    expect(matchRule(rule, '.gitlab-ci.yml', `build:\n${TOKENS}${job}`)).toEqual(['6:3 secrets without id_tokens']);
  });
});
