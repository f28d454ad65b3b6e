import { describe, expect, it } from 'vitest';
import { commentStyle, fileKind, isCiConfig } from '../../../src/check/file/file-kind.ts';

const layout = { configDir: '.gitlab', includes: new Set(['ci/deploy.yml']) };

describe('file kinds', () => {
  it('knows CI configuration: the root file, templates, the ci folder and local includes', () => {
    for (const file of [
      '.gitlab-ci.yml',
      'sub/.gitlab-ci.yml',
      'templates/deploy.gitlab-ci.yml',
      '.gitlab/ci/jobs.yaml',
      'ci/deploy.yml',
    ]) {
      expect(isCiConfig(file, layout), file).toBe(true);
    }
    for (const file of ['config/settings.yml', 'ci/other.yml', '.gitlab/analytics/funnels/a.yaml', 'gitlab-ci.yml.txt']) {
      expect(isCiConfig(file, layout), file).toBe(false);
    }
  });

  it('sorts files into YAML, GraphQL, prose and code', () => {
    expect(fileKind('a/b.yaml', layout)).toBe('yaml');
    expect(fileKind('q.gql', layout)).toBe('graphql');
    expect(fileKind('README.md', layout)).toBe('prose');
    expect(fileKind('Dockerfile', layout)).toBe('code');
  });

  it('reads a template of a file as the file it stands for', () => {
    expect(fileKind('registry/config.yml.in', layout)).toBe('yaml');
    expect(fileKind('.gitlab-ci.yml.in', layout)).toBe('ci-yaml');
    expect(fileKind('chart/values.yaml.tpl', layout)).toBe('yaml');
    expect(fileKind('chart/templates/_helpers.tpl', layout)).toBe('code');
    expect(commentStyle('src/client.ts.in')).toBe('slash');
  });

  it('picks a comment style, # for files without a known extension', () => {
    expect(commentStyle('a.ts')).toBe('slash');
    expect(commentStyle('a.json')).toBe('none');
    expect(commentStyle('Dockerfile')).toBe('hash');
  });

  it('takes only YAML for CI configuration, by a name that ends in .gitlab-ci.yml', () => {
    expect(isCiConfig('.gitlab/ci/README.md', layout)).toBe(false);
    expect(isCiConfig('.gitlab/ci/notes.yml.txt', layout)).toBe(false);
    expect(isCiConfig('.gitlab-ci.yaml', layout)).toBe(true);
    expect(isCiConfig('templates/a.gitlab-ci.yml.old.yml', layout)).toBe(false);
    expect(isCiConfig('.config/ci/a.yml', { configDir: '.config//' })).toBe(true);
  });
});
