import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { validateSarif } from '../check/report/sarif-schema.ts';
import { REPOS, runCli } from '../check/run-cli.ts';
import { tempTree } from '../check/scan/temp-tree.ts';

const uses = path.join(REPOS, 'uses');
const out = mkdtempSync(path.join(os.tmpdir(), 'sunset-cli-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

const json = async (args: string[], cwd = uses) => {
  const result = await runCli([...args, '--format', 'json'], cwd);
  return {
    ...result,
    report: JSON.parse(result.stdout) as {
      findings: { ruleId: string; file: string; line: number; severity: string }[];
      summary: { suppressed: number };
      range: { from: string; to: string };
    },
  };
};
const places = (findings: { ruleId: string; file: string; line: number }[]) =>
  findings.map((f) => `${f.file}:${f.line} ${f.ruleId}`);

describe('sunset check', () => {
  it('finds every known use in the fixture repository, and nothing in comments, prose, ignored or binary files', async () => {
    // The ignored and binary files do hold uses; they are committed so that leaving them out is proven.
    for (const file of ['ignored/deploy.sh', 'vendor/old.sh', 'assets/logo.bin'])
      expect(existsSync(path.join(uses, file)), file).toBe(true);
    const { code, report } = await json(['check', '.', '--to', '18.0']);
    expect(code).toBe(1);
    expect(places(report.findings)).toEqual([
      '.gitlab-ci.yml:3 license-scanning-ci-templates-removed',
      '.gitlab-ci.yml:6 dast-api-specification-renamed',
      '.gitlab-ci.yml:9 hosted-runner-small-linux-tags-reduced',
      '.gitlab-ci.yml:12 after-script-runs-on-cancel',
      '.gitlab-ci.yml:17 ci-job-jwt-removed',
      '.gitlab-ci.yml:22 license-scanning-report-type-removed',
      '.gitlab/analytics/visualizations/late_signups.yaml:10 funnel-after-date-unsupported',
      'ci/deploy.yml:4 after-script-runs-on-cancel',
      'queries/allowlist.graphql:2 graphql-ci-job-token-scope-add-project-deprecated',
      'queries/runners.graphql:3 graphql-runner-active-renamed-paused',
      'scripts/register-runner.sh:5 runner-registration-token-removed',
      'scripts/register-runner.sh:6 runner-register-arguments-removed',
      'src/pipelines.js:10 graphql-previous-stage-jobs-or-needs-removed',
      'src/pipelines.js:23 ci-lint-ref-and-sha-blocked',
    ]);
    expect(report.findings.find((f) => f.ruleId === 'graphql-ci-job-token-scope-add-project-deprecated')?.severity).toBe(
      'warning',
    );
  });

  it('reports only what the range reaches: --from leaves out what took effect before it', async () => {
    const { report } = await json(['check', '.', '--from', '17.0', '--to', '18.0']);
    expect(new Set(report.findings.map((f) => f.ruleId))).toEqual(
      new Set([
        'license-scanning-report-type-removed',
        'funnel-after-date-unsupported',
        'graphql-ci-job-token-scope-add-project-deprecated',
        'graphql-runner-active-renamed-paused',
        'runner-registration-token-removed',
        'runner-register-arguments-removed',
        'graphql-previous-stage-jobs-or-needs-removed',
        'ci-lint-ref-and-sha-blocked',
      ]),
    );
    const later = await json(['check', '.', '--to', '19.0', '--rule', 'separate-ci-database-required']);
    expect(places(later.report.findings)).toEqual(['config/database.yml:2 separate-ci-database-required']);
  });

  it('exits 0 when clean, and for warnings unless --fail-on deprecated', async () => {
    expect((await runCli(['check', '.', '--to', '18.0'], path.join(REPOS, 'clean'))).code).toBe(0);
    const warningOnly = ['check', 'queries/allowlist.graphql', '--to', '18.0'];
    expect((await runCli(warningOnly, uses)).code).toBe(0);
    expect((await runCli([...warningOnly, '--fail-on', 'deprecated'], uses)).code).toBe(1);
    expect((await runCli(['check', '.', '--to', '18.0', '--fail-on', 'never'], uses)).code).toBe(0);
  });

  it('reports files that do not parse instead of skipping them', async () => {
    const { code, report } = await json(['check', '.', '--to', '18.0'], path.join(REPOS, 'broken'));
    expect(code).toBe(1);
    expect(places(report.findings)).toEqual([
      '.gitlab-ci.yml:5 parse-error',
      'queries/bad.graphql:5 parse-error',
      'src/query.js:5 parse-error',
    ]);
  });

  it('reports a security policy that does not parse, in a repository of its own', async () => {
    // Policy rules read paths from the repository root, so this one is a repository (it has .git).
    const repo = tempTree({
      '.git/HEAD': 'ref: refs/heads/main\n',
      '.gitlab/security-policies/policy.yml':
        'scan_result_policy:\n  - rules:\n      - type: license_finding\n        match_on_inclusion: true\n        license_types: [GPL-3.0\n',
    });
    const { code, report } = await json(['check', '.', '--to', '18.0'], repo);
    expect(code).toBe(1);
    expect(places(report.findings)).toEqual(['.gitlab/security-policies/policy.yml:6 parse-error']);
  });

  it('reads releases as sunset plan does: a bare major, a tag with v, a patch release', async () => {
    const plain = await json(['check', '.', '--to', '18.0', '--from', '17.0'], uses);
    for (const [to, from] of [
      ['18', '17'],
      ['v18.0', 'v17.0'],
      ['18.0.2', '17.0.1'],
    ]) {
      const read = await json(['check', '.', '--to', to as string, '--from', from as string], uses);
      expect(read.code, `${to} ${from}`).toBe(plain.code);
      expect(read.report.range, `${to} ${from}`).toEqual({ from: '17.0', to: '18.0' });
      expect(read.report.findings).toEqual(plain.report.findings);
    }
  });

  it('exits 2 with a clear message on bad input', async () => {
    const cases: [string[], RegExp][] = [
      [['check', '.'], /--to <release> is required/],
      [['check', '.', '--to', '99.0'], /"99.0" \(to\) is not a release the register knows/],
      [['check', '.', '--to', '18.x'], /"18.x" \(to\) is not a release; write it as major.minor/],
      [['check', '.', '--to', '17.0', '--from', '18.0'], /--from 18.0 is after --to 17.0/],
      // Without --from, a --to before the register's first release is told as such, with no --from the user never gave.
      [
        ['check', '.', '--to', '15.0'],
        /^sunset: --to 15\.0 is before (\d+\.\d+), the oldest release the register lists changes for, so there is nothing to check; give --to \1 or later\n$/,
      ],
      [['check', 'missing-folder', '--to', '18.0'], /cannot read missing-folder: no such file or directory/],
      [['check', '.', '--to', '18.0', '--format', 'xml'], /--format "xml" is not one of text, json, junit, sarif, codequality/],
      [['check', '.', '--to', '18.0', '--offering', 'cloud'], /--offering "cloud" is not one of/],
      [['check', '.', '--to', '18.0', '--rule', 'no-such-entry'], /--rule "no-such-entry" is not an entry/],
      [['check', '.', '--to', '18.0', '--bogus'], /Unknown option '--bogus'; see sunset check --help/],
      [
        ['check', '.', '--to', '18.0', '--baseline', 'none.json'],
        /cannot read the baseline none.json: no such file or directory/,
      ],
    ];
    for (const [args, message] of cases) {
      const result = await runCli(args, uses);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr, args.join(' ')).toMatch(message);
    }
  });

  it('writes a baseline and then fails only on findings that are new', async () => {
    const baseline = path.join(out, 'baseline.json');
    const update = await runCli(['check', '.', '--to', '18.0', '--update-baseline', '--baseline', baseline], uses);
    expect(update.code).toBe(0);
    expect(update.stderr).toMatch(/now holds 14 finding\(s\)/);
    const again = await json(['check', '.', '--to', '18.0', '--baseline', baseline]);
    expect(again.code).toBe(0);
    expect(again.report.findings).toEqual([]);
    const stored = JSON.parse(readFileSync(baseline, 'utf8')) as { findings: { ruleId: string }[] };
    writeFileSync(
      baseline,
      JSON.stringify({ ...stored, findings: stored.findings.filter((f) => f.ruleId !== 'ci-job-jwt-removed') }),
    );
    const fresh = await json(['check', '.', '--to', '18.0', '--baseline', baseline]);
    expect(fresh.code).toBe(1);
    expect(places(fresh.report.findings)).toEqual(['.gitlab-ci.yml:17 ci-job-jwt-removed']);
  });

  it('counts as baselined only the findings the baseline matched, not its stale fingerprints', async () => {
    const baseline = path.join(out, 'stale-baseline.json');
    await runCli(['check', '.', '--to', '18.0', '--update-baseline', '--baseline', baseline], uses);
    const stored = JSON.parse(readFileSync(baseline, 'utf8')) as { findings: { ruleId: string; fingerprint: string }[] };
    const kept = stored.findings.filter((f) => f.ruleId !== 'ci-job-jwt-removed');
    // Fingerprints of findings that no longer exist (fixed uses, deleted files) must not count.
    const gone = ['0'.repeat(32), '1'.repeat(32), '2'.repeat(32)].map((fingerprint) => ({
      ruleId: 'x',
      file: 'gone.sh',
      fingerprint,
    }));
    writeFileSync(baseline, JSON.stringify({ ...stored, findings: [...kept, ...gone] }));
    const result = await runCli(['check', '.', '--to', '18.0', '--baseline', baseline, '--format', 'json'], uses);
    const report = JSON.parse(result.stdout) as { findings: unknown[]; summary: { baselined: number } };
    expect(report.findings).toHaveLength(1);
    expect(report.summary.baselined).toBe(13);
    expect(kept.length + gone.length).toBe(16);
    const text = await runCli(['check', '.', '--to', '18.0', '--baseline', baseline], uses);
    expect(text.stdout).toContain('· 13 in baseline');
  });

  it('writes the report to --output and says so', async () => {
    const file = path.join(out, 'report.sarif');
    const result = await runCli(['check', '.', '--to', '18.0', '--format', 'sarif', '--output', file], uses);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/sarif report with 14 finding\(s\) written to/);
    const log = JSON.parse(readFileSync(file, 'utf8'));
    expect(validateSarif(log), JSON.stringify(validateSarif.errors)).toBe(true);
    expect(log.runs[0].results).toHaveLength(14);
  });

  it('lists skipped files with --verbose', async () => {
    const { stdout } = await runCli(['check', '.', '--to', '18.0', '--verbose'], uses);
    expect(stdout).toContain('assets/logo.bin: binary');
    const small = await runCli(['check', '.', '--to', '18.0', '--verbose', '--max-file-size', '200'], uses);
    expect(small.stdout).toMatch(/src\/pipelines\.js: larger than the size limit \(\d+ > 200 bytes\)/);
  });

  it('leaves out a use named in a sunset-ignore comment and counts it', async () => {
    const { report } = await json(['check', '.gitlab-ci.yml', '--to', '18.0']);
    expect(places(report.findings)).not.toContain('.gitlab-ci.yml:26 ci-job-jwt-removed');
    expect(report.summary.suppressed).toBe(1);
  });

  it('colours the text report on a terminal, unless NO_COLOR is set', async () => {
    const args = ['check', 'scripts', '--to', '18.0'];
    expect((await runCli(args, uses, { isTTY: true })).stdout).toContain('\x1b[31merror');
    expect((await runCli(args, uses, { isTTY: true, env: { NO_COLOR: '1' } })).stdout).not.toContain('\x1b[');
    expect((await runCli(args, uses)).stdout).not.toContain('\x1b[');
  });

  it('prints help that documents the severity rule, and the version', async () => {
    const help = await runCli(['check', '--help'], uses);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('error:   a breaking removal, rename or behaviour change with from < removed_in <= to');
    expect(help.stdout).toContain('the lowest release the');
    const version = await runCli(['--version'], uses);
    expect(version.stdout.trim()).toBe(JSON.parse(readFileSync(path.join(REPOS, '../../../package.json'), 'utf8')).version);
  });
});
