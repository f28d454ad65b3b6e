import { describe, expect, it } from 'vitest';
import { createEngine } from '../../../src/check/engine/engine.ts';
import { analyzeFile } from '../../../src/check/file/analyzed-file.ts';
import { fileKind } from '../../../src/check/file/file-kind.ts';
import { compileRule } from '../../../src/check/rules/compile-rule.ts';
import { readsFile } from '../../../src/check/rules/matcher.ts';
import { detectRuleSchema } from '../../../src/schemas/detect-rule.ts';
import { activeRule } from '../active-rule.ts';
import { matchRule } from './match-rule.ts';

/**
 * The edges of key rules: documents held in strings and the keys they are mounted under, the forms of
 * `include`, keys written without a value, and which files a `yaml-key` rule reads (by glob, by template
 * name, by shape, and never a file that is not YAML).
 */

/** Whether the engine would read a file with a rule: by its kind and path, or by the shape of its YAML. */
function reads(rule: Record<string, unknown>, file: string, text: string): boolean {
  const sample = { file: 'x', text: 'x' };
  const matcher = compileRule(detectRuleSchema.parse({ example: sample, near_miss: sample, ...rule }), { configDir: '.gitlab' });
  return readsFile(matcher, analyzeFile(file, file, text, fileKind(file, { configDir: '.gitlab' })));
}

/** A compose file whose registry gets its notification endpoints from an environment variable. */
const compose = (variable: string, body: readonly string[]) =>
  ['services:', '  registry:', '    environment:', `      ${variable}: |`, ...body.map((line) => `        ${line}`), ''].join(
    '\n',
  );
const endpoints = compose('REGISTRY_NOTIFICATIONS_ENDPOINTS', ['- name: audit', '  threshold: 5']);

describe('a yaml-key rule and a document held in a string', () => {
  const keyRule = (path: string) => ({ kind: 'yaml-key', files: ['**/compose.yaml'], path });

  it('walks the path past the keys the variable mounts the document under', () => {
    expect(matchRule(keyRule('notifications.endpoints[].threshold'), 'compose.yaml', endpoints)).toEqual([
      '6:11 notifications.endpoints[].threshold',
    ]);
  });

  it('lets * stand for one mounted key and ** for any number of them', () => {
    expect(matchRule(keyRule('*.endpoints[].threshold'), 'compose.yaml', endpoints)).toEqual(['6:11 *.endpoints[].threshold']);
    expect(matchRule(keyRule('**.threshold'), 'compose.yaml', endpoints)).toEqual(['6:11 **.threshold']);
    expect(matchRule(keyRule('**.endpoints[].threshold'), 'compose.yaml', endpoints)).toEqual(['6:11 **.endpoints[].threshold']);
  });

  it('does not match a path that leaves the mount (another key, a list where the mount has a key) or ends inside it', () => {
    expect(matchRule(keyRule('storage.endpoints[].threshold'), 'compose.yaml', endpoints)).toEqual([]);
    expect(matchRule(keyRule('notifications.hooks[].threshold'), 'compose.yaml', endpoints)).toEqual([]);
    expect(matchRule(keyRule('notifications[].threshold'), 'compose.yaml', endpoints)).toEqual([]);
    expect(matchRule(keyRule('notifications'), 'compose.yaml', endpoints)).toEqual([]);
    // The path the variable sets is the document itself.
    expect(matchRule(keyRule('notifications.endpoints'), 'compose.yaml', endpoints)).toEqual(['5:9 notifications.endpoints']);
  });

  it('lets the file through the prefilter on the variable, where the last key of the path is spelt upper-case only', () => {
    const engine = createEngine([activeRule('endpoints', keyRule('notifications.endpoints'))], { configDir: '.gitlab' });
    const bytes = Buffer.from(endpoints);
    expect(bytes.includes('endpoints')).toBe(false);
    expect(engine.prefilter.hits(bytes)).toBe(true);
    const { findings } = engine.checkText(
      { path: 'compose.yaml', rootPath: 'compose.yaml' },
      endpoints,
      engine.prefilter.anchorsIn(bytes),
    );
    expect(findings.map((finding) => finding.line)).toEqual([5]);
  });

  it('reads a whole configuration under a key that names the registry from its root', () => {
    const config = [
      'data:',
      '  registry.yml: |',
      '    version: 0.1',
      '    notifications:',
      '      endpoints:',
      '        - name: audit',
      '          threshold: 5',
      '',
    ].join('\n');
    expect(
      matchRule({ ...keyRule('notifications.endpoints[].threshold'), files: ['**/configmap.yaml'] }, 'configmap.yaml', config),
    ).toEqual(['7:11 notifications.endpoints[].threshold']);
    expect(matchRule({ ...keyRule('endpoints[].threshold'), files: ['**/configmap.yaml'] }, 'configmap.yaml', config)).toEqual(
      [],
    );
  });

  it('reads such a document in CI configuration its globs name, where a ci-keyword rule does not look', () => {
    const ci = [
      'registry:',
      '  services:',
      '    - name: registry:2',
      '  variables:',
      '    REGISTRY_NOTIFICATIONS_ENDPOINTS: |',
      '      - name: audit',
      '        threshold: 5',
      '  script: ./push.sh',
      '',
    ].join('\n');
    expect(matchRule({ kind: 'yaml-key', files: ['.gitlab-ci.yml'], path: '**.threshold' }, '.gitlab-ci.yml', ci)).toEqual([
      '7:9 **.threshold',
    ]);
    expect(matchRule({ kind: 'ci-keyword', path: '**.threshold' }, '.gitlab-ci.yml', ci)).toEqual([]);
  });
});

describe('which files a yaml-key rule reads', () => {
  const rule = { kind: 'yaml-key', files: ['registry/config.*'], path: 'notifications.endpoints[].threshold' };
  const json = '{"notifications": {"endpoints": [{"name": "audit", "threshold": 5}]}}\n';

  it('reads YAML its globs name, and not a JSON file or script of the same name, though JSON parses as YAML', () => {
    expect(matchRule(rule, 'registry/config.yml', json)).toEqual(['1:52 notifications.endpoints[].threshold']);
    expect(matchRule(rule, 'registry/config.json', json)).toEqual([]);
    expect(matchRule(rule, 'registry/config.sh', json)).toEqual([]);
  });

  it('reads a template by the name it stands for', () => {
    const template = { ...rule, files: ['**/config.yml'] };
    expect(matchRule(template, 'registry/config.yml.in', json)).toEqual(['1:52 notifications.endpoints[].threshold']);
    expect(matchRule(template, 'registry/config.yml.tpl', json)).toEqual(['1:52 notifications.endpoints[].threshold']);
    expect(matchRule(template, 'registry/config.yaml.in', json)).toEqual([]);
  });

  it('with shapes and no globs, reads YAML of that shape wherever it lies and nothing by its name', () => {
    const shaped = { kind: 'yaml-key', shapes: ['registry-config'], path: 'notifications.endpoints[].threshold' };
    const registry = 'version: 0.1\nnotifications:\n  endpoints:\n    - name: audit\n      threshold: 5\n';
    expect(reads(shaped, 'ops/any-name.yml', registry)).toBe(true);
    expect(matchRule(shaped, 'ops/any-name.yml', registry)).toEqual([]);
    expect(reads(shaped, 'ops/any-name.yml', 'notifications:\n  endpoints:\n    - threshold: 5\n')).toBe(false);
    expect(reads({ ...shaped, files: ['ops/*.yml'] }, 'ops/any-name.yml', 'notifications: {}\n')).toBe(true);
  });

  it('finds nothing in YAML that does not parse', () => {
    expect(matchRule(rule, 'registry/config.yml', 'notifications:\n  endpoints: [{threshold: 5\n')).toEqual([]);
    expect(matchRule({ kind: 'ci-keyword', path: '*.after_script' }, '.gitlab-ci.yml', 'a:\n  after_script: [x\n')).toEqual([]);
  });
});

describe('the forms of include', () => {
  const ci = (path: string, value?: string) => ({ kind: 'ci-keyword', path, ...(value === undefined ? {} : { value }) });

  it('reads include[] with a value in the single-string form and in the list form, once each', () => {
    expect(matchRule(ci('include[]', 'ci/a.yml'), '.gitlab-ci.yml', 'include: ci/a.yml\n')).toEqual(['1:10 include[]=ci/a.yml']);
    expect(matchRule(ci('include[]', 'ci/a.yml'), '.gitlab-ci.yml', 'include:\n  - ci/a.yml\n  - ci/b.yml\n')).toEqual([
      '2:5 include[]=ci/a.yml',
    ]);
  });

  it('takes a map for the list under include only, never under another top-level key or another list', () => {
    const template = ci('include[].template', 'Jobs/Build.gitlab-ci.yml');
    expect(matchRule(template, '.gitlab-ci.yml', 'other:\n  template: Jobs/Build.gitlab-ci.yml\n')).toEqual([]);
    expect(matchRule(ci('stages[]', 'build'), '.gitlab-ci.yml', 'stages: build\n')).toEqual([]);
    expect(matchRule(ci('stages[]', 'build'), '.gitlab-ci.yml', 'stages:\n  - build\n  - test\n')).toEqual([
      '2:5 stages[]=build',
    ]);
  });

  it('reads include and its keys without a list step as they are written', () => {
    expect(matchRule(ci('include'), '.gitlab-ci.yml', 'include:\n  - local: a.yml\n')).toEqual(['1:1 include']);
    expect(matchRule(ci('include.local'), '.gitlab-ci.yml', 'include:\n  local: a.yml\n')).toEqual(['2:3 include.local']);
    expect(matchRule(ci('include.local'), '.gitlab-ci.yml', 'include:\n  - local: a.yml\n')).toEqual([]);
  });
});

describe('unless_empty and a key written without a value', () => {
  const rule = { kind: 'ci-keyword', path: '*.after_script', unless_empty: true };

  it('leaves out a key with no value in a flow map or as an explicit key, and an empty map', () => {
    const text = 'a: {script: make, after_script}\nb:\n  ? after_script\nc:\n  after_script: {}\nd:\n  after_script: {run: x}\n';
    expect(matchRule(rule, '.gitlab-ci.yml', text)).toEqual(['7:3 *.after_script']);
    expect(matchRule({ kind: 'ci-keyword', path: '*.after_script' }, '.gitlab-ci.yml', text)).toHaveLength(4);
  });

  it('is off unless asked for, also for yaml-key rules', () => {
    const key = { kind: 'yaml-key', files: ['**/config.yml'], path: 'notifications.endpoints' };
    expect(matchRule(key, 'config.yml', 'notifications:\n  endpoints: []\n')).toEqual(['2:3 notifications.endpoints']);
  });
});
