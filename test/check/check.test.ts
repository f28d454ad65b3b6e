import { describe, expect, it } from 'vitest';
import { runCheck } from '../../src/check/check.ts';
import { loadRegister } from '../../src/register/index.ts';
import { tempTree } from './scan/temp-tree.ts';

const register = await loadRegister();

describe('runCheck', () => {
  it('treats the files a CI configuration includes locally as CI configuration, relative to its folder', async () => {
    const root = tempTree({
      '.gitlab-ci.yml': 'include:\n  - local: ci/jobs.yml\n',
      'ci/jobs.yml': 'job: [\n',
      'app/.gitlab-ci.yaml': "include: 'more/*.yml'\n",
      'app/more/deploy.yml': 'deploy: [\n',
      'notes/broken.yml': 'note: [\n',
    });
    const result = await runCheck(register, {
      paths: ['.'],
      cwd: root,
      range: { from: '17.0', to: '18.0' },
      configDir: '.gitlab',
    });
    // CI configuration is always parsed, so only the included files report their syntax errors.
    expect(result.findings.filter((finding) => finding.ruleId === 'parse-error').map((finding) => finding.file)).toEqual([
      'app/more/deploy.yml',
      'ci/jobs.yml',
    ]);
  });

  it('reports a variable left unset only when no CI file of the repository sets it, included or not', async () => {
    const check = async (files: Record<string, string>) => {
      const result = await runCheck(register, {
        paths: ['.'],
        cwd: tempTree(files),
        range: { from: '15.11', to: '20.0' },
        only: new Set(['auto-devops-database-not-provisioned']),
        configDir: '.gitlab',
      });
      return result.findings.map((finding) => `${finding.file}:${finding.line}`);
    };
    const root = 'include:\n  - template: Auto-DevOps.gitlab-ci.yml\n  - local: ci/database.yml\n';
    expect(await check({ '.gitlab-ci.yml': root, 'ci/database.yml': 'variables:\n  DB_MIGRATE: bin/migrate\n' })).toEqual([
      '.gitlab-ci.yml:2',
    ]);
    // Set in the included file, which holds nothing else the rule looks for.
    expect(await check({ '.gitlab-ci.yml': root, 'ci/database.yml': 'variables:\n  POSTGRES_ENABLED: "true"\n' })).toEqual([]);
    // Named in a file that is not CI configuration, or in a CI file's comment, it is not set.
    expect(
      await check({
        '.gitlab-ci.yml': `${root}# POSTGRES_ENABLED: "true"\n`,
        'ci/database.yml': 'variables: {}\n',
        'chart/values.yaml': 'POSTGRES_ENABLED: true\n',
      }),
    ).toEqual(['.gitlab-ci.yml:2']);
  });
});
