import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPOS, runCli } from '../check/run-cli.ts';
import { tempTree } from '../check/scan/temp-tree.ts';

const SCRIPT = readFileSync(path.join(REPOS, 'uses', 'scripts', 'register-runner.sh'), 'utf8');
const CI = 'job:\n  script:\n    - echo $CI_JOB_JWT\n';

/** A repository with a removed runner flag in scripts/ and a removed variable in ci/, and the given files. */
const repo = (files: Record<string, string>) => tempTree({ 'scripts/register-runner.sh': SCRIPT, 'ci/job.yml': CI, ...files });

const json = async (args: string[], cwd: string) => {
  const result = await runCli([...args, '--format', 'json'], cwd);
  expect(result.code, result.stderr).not.toBe(2);
  return { code: result.code, report: JSON.parse(result.stdout) };
};
const files = (report: { findings: { file: string }[] }) => [...new Set(report.findings.map((f) => f.file))].sort();
const severities = (report: { findings: { ruleId: string; severity: string }[] }) =>
  Object.fromEntries(report.findings.map((f) => [f.ruleId, f.severity]));

describe('ignore: in .sunset.yml', () => {
  it('leaves out what it names, as a .sunsetignore line does, and nothing next to it', async () => {
    const none = await json(['check'], repo({ '.sunset.yml': 'to: "18.0"\n' }));
    expect(files(none.report)).toEqual(['ci/job.yml', 'scripts/register-runner.sh']);
    // The exact file; a pattern one letter short matches nothing.
    const exact = await json(['check'], repo({ '.sunset.yml': 'to: "18.0"\nignore: [ci/job.yml]\n' }));
    expect(files(exact.report)).toEqual(['scripts/register-runner.sh']);
    const near = await json(['check'], repo({ '.sunset.yml': 'to: "18.0"\nignore: [ci/job.ym]\n' }));
    expect(files(near.report)).toEqual(['ci/job.yml', 'scripts/register-runner.sh']);
    // A folder pattern, and the same patterns in .sunsetignore leave out the same files.
    const folder = await json(['check'], repo({ '.sunset.yml': 'to: "18.0"\nignore:\n  - scripts/\n' }));
    const sunsetignore = await json(['check'], repo({ '.sunset.yml': 'to: "18.0"\n', '.sunsetignore': 'scripts/\n' }));
    expect(files(folder.report)).toEqual(['ci/job.yml']);
    expect(files(sunsetignore.report)).toEqual(files(folder.report));
  });

  it('is relative to the settings’ folder when the scan names a folder below it, and a ! line re-includes', async () => {
    const cwd = repo({ '.sunset.yml': 'to: "18.0"\nignore: ["ci/*", "!ci/job.yml", scripts/register-runner.sh]\n' });
    const { report } = await json(['check', 'ci', 'scripts'], cwd);
    expect(files(report)).toEqual(['ci/job.yml']);
  });

  it('applies from a folder below the repository root, and --verbose says which setting left a file out', async () => {
    const cwd = path.join(
      tempTree({
        '.git/HEAD': 'ref: refs/heads/main\n',
        'app/.sunset.yml': 'to: "18.0"\nignore: [ci]\n',
        'app/ci/job.yml': CI,
        'ci/job.yml': CI,
      }),
      'app',
    );
    const { report } = await json(['check'], cwd);
    expect(report.findings).toEqual([]);
    const verbose = await runCli(['check', '--verbose'], cwd);
    expect(verbose.stdout).toContain('ci: ignored by .sunset.yml (ignore)');
    // With --force-exclude (as the hook runs) a named file the setting names is left out too.
    const named = await json(['check', '--force-exclude', 'ci/job.yml'], cwd);
    expect(named.report.findings).toEqual([]);
    const plain = await json(['check', 'ci/job.yml'], cwd);
    expect(plain.report.findings.length).toBeGreaterThan(0);
  });

  it('refuses a pattern that is empty, at its line', async () => {
    const result = await runCli(['check'], repo({ '.sunset.yml': 'to: "18.0"\nignore:\n  - ci\n  - ""\n' }));
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^sunset: \.sunset\.yml:4: ignore\.1: /);
  });
});

describe('rules: in .sunset.yml', () => {
  const RUNNER = 'runner-registration-token-removed';

  it('sets a rule’s severity before the gate, and says so in the text and JSON reports', async () => {
    const base = await json(['check', 'scripts'], repo({ '.sunset.yml': 'to: "18.0"\n' }));
    expect(base.code).toBe(1);
    expect(severities(base.report)[RUNNER]).toBe('error');
    const errors = Object.entries(severities(base.report)).filter(([, severity]) => severity === 'error');

    // Every error rule made a warning: the gate at removed passes, at deprecated it fails.
    const rules = errors.map(([id]) => `  ${id}: warning`).join('\n');
    const cwd = repo({ '.sunset.yml': `to: "18.0"\nrules:\n${rules}\n` });
    const milder = await json(['check', 'scripts'], cwd);
    expect(milder.code).toBe(0);
    expect(Object.values(severities(milder.report))).toEqual(errors.map(() => 'warning'));
    expect(milder.report.findings).toHaveLength(base.report.findings.length);
    expect(milder.report.severityOverrides.map((o: { id: string }) => o.id)).toEqual(errors.map(([id]) => id).sort());
    expect((await json(['check', 'scripts', '--fail-on', 'deprecated'], cwd)).code).toBe(1);
    const text = await runCli(['check', 'scripts'], cwd);
    expect(text.stdout).toContain(`Severity set in the settings (rules:): `);
    expect(text.stdout).toMatch(new RegExp(`${RUNNER} warning \\(\\d+ findings?\\)`));
  });

  it('leaves out the findings of a rule set off, counts them, and leaves other rules alone', async () => {
    const cwd = repo({ '.sunset.yml': `to: "18.0"\nrules:\n  ${RUNNER}: off\n` });
    const base = await json(['check', 'scripts'], repo({ '.sunset.yml': 'to: "18.0"\n' }));
    const { report } = await json(['check', 'scripts'], cwd);
    const off = base.report.findings.filter((f: { ruleId: string }) => f.ruleId === RUNNER).length;
    expect(off).toBeGreaterThan(0);
    expect(report.findings).toHaveLength(base.report.findings.length - off);
    expect(report.findings.some((f: { ruleId: string }) => f.ruleId === RUNNER)).toBe(false);
    expect(report.severityOverrides).toEqual([{ id: RUNNER, severity: 'off', findings: off }]);
    const sarif = JSON.parse((await runCli(['check', 'scripts', '--format', 'sarif'], cwd)).stdout);
    expect(sarif.runs[0].properties.severityOverrides).toEqual(report.severityOverrides);
  });

  it('can make a warning an error, so the gate at removed fails', async () => {
    const pipeline = 'job:\n  script: [make]\n  after_script: [make clean]\n';
    const base = await json(
      ['check'],
      repo({ '.gitlab-ci.yml': pipeline, '.sunset.yml': 'to: "18.0"\npaths: [.gitlab-ci.yml]\n' }),
    );
    expect(base.code).toBe(0);
    expect(severities(base.report)).toEqual({ 'after-script-runs-on-cancel': 'warning' });
    const stricter = repo({
      '.gitlab-ci.yml': pipeline,
      '.sunset.yml': 'to: "18.0"\npaths: [.gitlab-ci.yml]\nrules:\n  after-script-runs-on-cancel: error\n',
    });
    const run = await json(['check'], stricter);
    expect(severities(run.report)).toEqual({ 'after-script-runs-on-cancel': 'error' });
    expect(run.code).toBe(1);
  });

  it('refuses an id the register does not know, at its line, and one letter off is not an id', async () => {
    const result = await runCli(
      ['check', 'scripts'],
      repo({ '.sunset.yml': `to: "18.0"\nrules:\n  ${RUNNER}: off\n  ${RUNNER}x: off\n` }),
    );
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(
      new RegExp(`^sunset: \\.sunset\\.yml:4: rules\\.${RUNNER}x: "${RUNNER}x" is not an entry or error condition`),
    );
    expect(result.stderr.trimEnd().split('\n')).toHaveLength(1);
  });

  it('refuses a level that is none, at its line, also in package.json', async () => {
    const bad = await runCli(['check'], repo({ '.sunset.yml': `to: "18.0"\nrules:\n  ${RUNNER}: info\n` }));
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(new RegExp(`^sunset: \\.sunset\\.yml:3: rules\\.${RUNNER}: Invalid option`));
    const manifest = `${JSON.stringify({ name: 'app', sunset: { to: '18.0', rules: { 'no-such-entry': 'off' } } }, null, 2)}\n`;
    const unknown = await runCli(['check'], repo({ 'package.json': manifest }));
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/^sunset: package\.json:6: sunset\.rules\.no-such-entry: "no-such-entry" is not an entry/);
  });
});
