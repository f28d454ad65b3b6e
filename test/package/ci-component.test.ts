import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { parse } from 'yaml';
import { interpolate, readComponent } from './ci-component.ts';
import { run } from './processes.ts';

const packed = inject('packed');
const component = readComponent(path.join(packed.root, 'templates', 'check.yml'));
const { version } = JSON.parse(readFileSync(path.join(packed.root, 'package.json'), 'utf8')) as { version: string };

interface Job {
  stage: string;
  image: string;
  variables?: Record<string, string>;
  script: string[];
  artifacts: { when: string; paths: string[]; reports: Record<string, string> };
}

/** The job as the platform would see it with these inputs. */
function job(inputs: Record<string, string>, context: { version?: string } = {}): Job {
  return (parse(interpolate(component, inputs, context)) as Record<string, Job>)['sunset-check'] as Job;
}

/** A checkout of a fixture repository, as the runner makes it. */
function checkout(fixture: string): string {
  const project = mkdtempSync(path.join(packed.work, 'ci-project-'));
  cpSync(path.join(packed.root, 'test', 'fixtures', 'repos', fixture), project, { recursive: true });
  return project;
}

/**
 * Runs the job's script lines in one shell, stopping at the first failing line, as a runner does, in a
 * fresh checkout of the fixture or in one given (a retried job).
 */
function runJob(
  inputs: Record<string, string>,
  fixture: string,
  project = checkout(fixture),
  included: { version?: string; serverUrl?: string } = {},
) {
  const spec = job(inputs, { version: included.version });
  const home = mkdtempSync(path.join(packed.work, 'ci-home-'));
  const exports = Object.entries({ ...spec.variables, SUNSET_HOME: home }).map(([name, value]) => `export ${name}='${value}'`);
  const script = ['set -e', ...exports, ...spec.script].join('\n');
  const env = {
    CI_PROJECT_DIR: project,
    CI_SERVER_URL: included.serverUrl ?? 'https://gitlab.invalid',
    npm_config_fetch_retries: '0',
  };
  return { ...run('bash', ['-c', script], project, env), project, spec };
}

/** An instance's git server: `<server>/sunset/sunset.git`, a bare repository holding the release tag. */
const server = path.join(packed.work, 'ci-server');

beforeAll(() => {
  const clone = path.join(packed.work, 'ci-release-clone');
  execFileSync('git', ['clone', '-q', packed.root, clone]);
  execFileSync(
    process.execPath,
    [path.join(packed.root, 'scripts', 'release-tag.ts'), '--repo', clone, '--package', packed.staged],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  mkdirSync(path.join(server, 'sunset'), { recursive: true });
  execFileSync('git', ['clone', '-q', '--bare', clone, path.join(server, 'sunset', 'sunset.git')]);
}, 120_000);

describe('templates/check.yml, the CI/CD component', () => {
  it('declares the inputs: to required, the others with defaults and options', () => {
    expect(Object.keys(component.inputs).sort()).toEqual(
      ['baseline', 'fail-on', 'from', 'image', 'offering', 'package', 'paths', 'register', 'stage', 'to'].sort(),
    );
    expect(component.inputs.to?.default).toBeUndefined();
    expect(() => interpolate(component, {})).toThrow('input "to" is required');
    // Empty (the default) leaves the level to the repository's .sunset.yml, else removed.
    expect(component.inputs['fail-on']?.options).toEqual(['', 'removed', 'deprecated', 'never']);
    expect(component.inputs['fail-on']?.default).toBe('');
    expect(() => interpolate(component, { to: '18.0', 'fail-on': 'sometimes' })).toThrow('not one of its options');
    // Empty: the release the component was included at, not a registry package that may not exist.
    expect(component.inputs.package?.default).toBe('');
    expect(component.context).toEqual(['version']);
  });

  it('installs by default from the release tag it was included at, on this instance', () => {
    const result = runJob({ to: '18.0' }, 'uses', undefined, { version, serverUrl: `file://${server}` });
    expect(result.code, result.stderr).toBe(1);
    expect(JSON.parse(readFileSync(path.join(result.project, 'sunset-report.json'), 'utf8')).tool.version).toBe(version);
  });

  it('exits 2 with the reports in their error form when the release it was included at has no tag here', () => {
    const result = runJob({ to: '18.0' }, 'uses', undefined, { version: '9.9.9', serverUrl: `file://${server}` });
    expect(result.code).toBe(2);
    const source = `git+file://${server}/sunset/sunset.git#9.9.9`;
    expect(result.stderr).toContain(`sunset: could not install ${source};`);
    expect(JSON.parse(readFileSync(path.join(result.project, 'sunset-report.json'), 'utf8')).error).toBe(
      `sunset could not be installed from ${source}`,
    );
    expect(readFileSync(path.join(result.project, 'sunset-junit.xml'), 'utf8')).toContain('errors="1"');
  });

  it('exits 2 when included at a branch or a commit with no package input: there is no release to install', () => {
    const result = runJob({ to: '18.0' }, 'uses', undefined, { version: '', serverUrl: `file://${server}` });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      'could not install the release this component was included at (none: it was included at a branch or a commit)',
    );
    expect(JSON.parse(readFileSync(path.join(result.project, 'sunset-report.json'), 'utf8')).findings).toEqual([]);
    expect(existsSync(path.join(result.project, 'gl-code-quality-report.json'))).toBe(true);
  });

  it('a package input wins over the release it was included at', () => {
    const result = runJob({ to: '18.0', package: packed.tarball }, 'uses', undefined, { version: '9.9.9' });
    expect(result.code, result.stderr).toBe(1);
  });

  it('exits 2 when the package cannot be installed, and still leaves every report in its error form', () => {
    const missing = path.join(packed.work, 'no-such-package.tgz');
    const result = runJob({ to: '18.0', package: missing }, 'uses');
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`sunset: could not install ${missing}; set the component's package input`);
    const report = JSON.parse(readFileSync(path.join(result.project, 'sunset-report.json'), 'utf8'));
    expect(report).toMatchObject({
      tool: { name: 'sunset' },
      error: `sunset could not be installed from ${missing}`,
      findings: [],
    });
    expect(JSON.parse(readFileSync(path.join(result.project, 'gl-code-quality-report.json'), 'utf8'))).toEqual([]);
    const junit = readFileSync(path.join(result.project, 'sunset-junit.xml'), 'utf8');
    expect(junit).toContain('errors="1"');
    expect(junit).toContain(`<error message="sunset could not be installed from ${missing}"/>`);
  });

  it('always uploads the code-quality and JUnit reports and sunset-report.json', () => {
    const spec = job({ to: '18.0', stage: 'verify', image: 'node:22-slim' });
    expect(spec.stage).toBe('verify');
    expect(spec.image).toBe('node:22-slim');
    expect(spec.artifacts.when).toBe('always');
    expect(spec.artifacts.reports).toEqual({ codequality: 'gl-code-quality-report.json', junit: 'sunset-junit.xml' });
    expect(spec.artifacts.paths).toContain('sunset-report.json');
  });

  it('runs its script on a repository with findings: the reports are written and the job fails', () => {
    const result = runJob({ to: '18.0', from: '17.0', package: packed.tarball }, 'uses');
    expect(result.code, result.stderr).toBe(1);
    for (const file of result.spec.artifacts.paths) expect(existsSync(path.join(result.project, file)), file).toBe(true);
    const report = JSON.parse(readFileSync(path.join(result.project, 'sunset-report.json'), 'utf8')) as { findings: unknown[] };
    expect(report.findings.length).toBeGreaterThan(0);
    const quality = JSON.parse(readFileSync(path.join(result.project, 'gl-code-quality-report.json'), 'utf8')) as {
      fingerprint: string;
    }[];
    expect(quality.length).toBe(report.findings.length);
    expect(quality.every((issue) => typeof issue.fingerprint === 'string')).toBe(true);
    expect(readFileSync(path.join(result.project, 'sunset-junit.xml'), 'utf8')).toContain('<testsuites');
  });

  it('scans once, and a second run in the same checkout counts the same in every report', () => {
    const inputs = { to: '18.0', package: packed.tarball };
    expect(job(inputs).script.filter((line) => /"\$SUNSET" check /.test(line))).toHaveLength(1);
    const first = runJob(inputs, 'uses');
    const read = (file: string) => readFileSync(path.join(first.project, file), 'utf8');
    const counts = () => ({
      json: (JSON.parse(read('sunset-report.json')) as { findings: unknown[] }).findings.length,
      codequality: (JSON.parse(read('gl-code-quality-report.json')) as unknown[]).length,
      junit: Number(/<testsuites name="sunset" tests="(\d+)"/.exec(read('sunset-junit.xml'))?.[1]),
      log: /(\d+) findings/.exec(first.stdout)?.[1],
    });
    const before = counts();
    expect(before.json).toBeGreaterThan(5);
    expect(before).toEqual({ json: before.json, codequality: before.json, junit: before.json, log: String(before.json) });
    const second = runJob(inputs, 'uses', first.project);
    expect(second.code).toBe(first.code);
    expect({ ...counts(), log: /(\d+) findings/.exec(second.stdout)?.[1] }).toEqual(before);
  });

  it('reads the register folders given, their entries joining the built-in register', () => {
    const project = checkout('uses');
    const imported = run(
      process.execPath,
      [
        path.join(packed.consumer, 'node_modules', '.bin', 'sunset'),
        'import',
        path.join(packed.root, 'test', 'fixtures', 'platform', 'data', 'deprecations'),
        '--out',
        path.join(project, 'platform-register'),
      ],
      project,
    );
    expect(imported.code, imported.stderr).toBe(0);
    const byHand = (result: { project: string }) =>
      (
        JSON.parse(readFileSync(path.join(result.project, 'sunset-report.json'), 'utf8')) as { checkByHand?: { id: string }[] }
      ).checkByHand?.map((item) => item.id) ?? [];
    const inputs = { to: '18.0', package: packed.tarball, 'fail-on': 'never', paths: 'scripts ci' };
    const plain = runJob(inputs, 'uses', project);
    expect(plain.code, plain.stderr).toBe(0);
    expect(byHand(plain)).not.toContain('16-0-job-token-allowlist');
    const withRegister = runJob({ ...inputs, register: 'platform-register' }, 'uses', project);
    expect(withRegister.code, withRegister.stderr).toBe(0);
    expect(byHand(withRegister)).toContain('16-0-job-token-allowlist');
  });

  it('reads the repository’s .sunset.yml: its fail-on, paths and rules change the outcome, and an input wins', () => {
    const project = checkout('uses');
    writeFileSync(
      path.join(project, '.sunset.yml'),
      'fail-on: deprecated\npaths: [scripts]\nrules:\n  runner-register-arguments-removed: off\n  runner-registration-token-removed: off\n',
    );
    const report = () =>
      JSON.parse(readFileSync(path.join(project, 'sunset-report.json'), 'utf8')) as {
        failOn: string;
        findings: { file: string; ruleId: string }[];
        severityOverrides?: { id: string }[];
      };
    // The fixture's scripts/ holds only the runner's removed flags and token, which the settings turn off.
    const settled = runJob({ to: '18.0', package: packed.tarball }, 'uses', project);
    expect(settled.code, settled.stderr).toBe(0);
    expect(report().failOn).toBe('deprecated');
    expect(report().findings.filter((finding) => !finding.file.startsWith('scripts/'))).toEqual([]);
    expect(report().severityOverrides?.map((override) => override.id)).toEqual([
      'runner-register-arguments-removed',
      'runner-registration-token-removed',
    ]);
    // The input's paths win over the file's: the whole checkout has removed uses the rules do not cover.
    const given = runJob({ to: '18.0', package: packed.tarball, paths: '.' }, 'uses', project);
    expect(given.code, given.stderr).toBe(1);
    expect(report().findings.some((finding) => !finding.file.startsWith('scripts/'))).toBe(true);
  });

  it('passes with fail-on never and honours offering and paths', () => {
    const result = runJob(
      { to: '18.0', package: packed.tarball, 'fail-on': 'never', offering: 'self-managed', paths: 'scripts ci' },
      'uses',
    );
    expect(result.code, result.stderr).toBe(0);
    const report = JSON.parse(readFileSync(path.join(result.project, 'sunset-report.json'), 'utf8')) as {
      findings: { file?: string; path?: string }[];
    };
    const files = report.findings.map((finding) => finding.file ?? finding.path ?? '');
    expect(files.length).toBeGreaterThan(0);
    expect(files.every((file) => /^(scripts|ci)\//.test(file))).toBe(true);
  });
});
