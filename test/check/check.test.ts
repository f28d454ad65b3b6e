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
});
