import { describe, expect, it } from 'vitest';
import { type CiLayout, fileKind } from '../../../src/check/file/file-kind.ts';
import { compileGlob, matchesAny } from '../../../src/check/file/glob.ts';
import { loadRegister } from '../../../src/register/index.ts';
import { matchRule } from '../rules/match-rule.ts';

/**
 * Which files are CI configuration and which a rule's globs read, one row a case: the configuration
 * folder at the root, nested below it, inside a sub-project, or only looking like it; and chart values
 * files spelt `values.yml` as well as `values.yaml`.
 */
const layout: CiLayout = { configDir: '.gitlab' };

describe('CI configuration by its path', () => {
  it.each([
    ['a file of the configuration folder', '.gitlab/ci/build.yml', layout, 'ci-yaml'],
    ['a file nested two folders deep in it', '.gitlab/ci/jobs/deploy/prod.yaml', layout, 'ci-yaml'],
    ['the configuration folder of a sub-project', 'services/api/.gitlab/ci/build.yml', layout, 'ci-yaml'],
    ['a folder whose name ends like the configuration folder', 'x.gitlab/ci/build.yml', layout, 'yaml'],
    ['a sibling folder named like ci', '.gitlab/cix/build.yml', layout, 'yaml'],
    ['the configuration folder itself, outside ci/', '.gitlab/build.yml', layout, 'yaml'],
    ['a file named ci.yml beside ci/', '.gitlab/ci.yml', layout, 'yaml'],
    ['a text file in ci/', '.gitlab/ci/README.md', layout, 'prose'],
    ['a nested configuration folder name', '.config/platform/ci/build.yml', { configDir: '.config/platform' }, 'ci-yaml'],
    [
      'a nested configuration folder given with a trailing slash',
      '.config/platform/ci/build.yml',
      { configDir: '.config/platform/' },
      'ci-yaml',
    ],
    ['the default folder when another is configured', '.gitlab/ci/build.yml', { configDir: '.config/platform' }, 'yaml'],
    ['a root CI file in a sub-folder', 'services/api/.gitlab-ci.yml', layout, 'ci-yaml'],
    ['a CI template by its name', 'templates/deploy.gitlab-ci.yaml', layout, 'ci-yaml'],
    ['a file included locally', 'build/jobs.yml', { configDir: '.gitlab', includes: new Set(['build/jobs.yml']) }, 'ci-yaml'],
    [
      'a file beside one included locally',
      'build/other.yml',
      { configDir: '.gitlab', includes: new Set(['build/jobs.yml']) },
      'yaml',
    ],
  ] satisfies [string, string, CiLayout, string][])('%s: %s', (_case, rootPath, given, kind) => {
    expect(fileKind(rootPath, given)).toBe(kind);
  });

  it.each([
    ['{config_dir}/** at the root', '{config_dir}/**/*.yml', '.gitlab/ci/a/b.yml', true],
    ['{config_dir}/** in a nested configuration folder', '{config_dir}/**/*.yml', '.config/platform/a.yml', true],
    ['{config_dir}/** outside it', '{config_dir}/**/*.yml', 'other/.gitlab/a.yml', false],
  ])('the glob %s', (_case, glob, rootPath, matches) => {
    const configDir = rootPath.startsWith('.config/') ? '.config/platform' : '.gitlab';
    expect(matchesAny(rootPath, [compileGlob(glob, configDir)])).toBe(matches);
  });
});

const register = await loadRegister();

describe('chart values files', () => {
  const entry = register.entry('runner-termination-grace-period-seconds-replaced');
  const valuesRule = entry?.detect.find((rule) => rule.kind === 'text' && rule.files?.some((glob) => glob.includes('values')));
  const text = 'runners:\n  config: |\n    [[runners]]\n      [runners.kubernetes]\n        terminationGracePeriodSeconds = 30\n';

  it('are read by the register rule that looks inside them', () => {
    expect(valuesRule).toBeDefined();
  });

  it.each([
    ['values.yaml in a chart', 'charts/runner/values.yaml', true],
    ['values.yml in a chart', 'charts/runner/values.yml', true],
    ['values.yml at the root', 'values.yml', true],
    ['values-production.yml', 'charts/runner/values-production.yml', true],
    ['a file whose name only ends in values.yml', 'charts/runner/myvalues.yml', false],
    ['values.json', 'charts/runner/values.json', false],
    ['a backup of values.yml', 'charts/runner/values.yml.bak', false],
  ])('%s: %s', (_case, rootPath, matches) => {
    expect(matchRule(valuesRule as unknown as Record<string, unknown>, rootPath, text).length > 0).toBe(matches);
  });
});
