import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPOS, runCli } from '../check/run-cli.ts';
import { tempTree } from '../check/scan/temp-tree.ts';

const SCRIPT = readFileSync(path.join(REPOS, 'uses', 'scripts', 'register-runner.sh'), 'utf8');
const CI = 'job:\n  script:\n    - echo $CI_JOB_JWT\n';

/** A repository with a removed runner flag in scripts/ and a removed variable in ci/, and the given settings. */
const repo = (settings: Record<string, string>) =>
  tempTree({ 'scripts/register-runner.sh': SCRIPT, 'ci/job.yml': CI, ...settings });

const json = async (args: string[], cwd: string, env: Record<string, string> = {}) => {
  const result = await runCli([...args, '--format', 'json'], cwd, { env });
  return { ...result, report: result.code === 2 ? undefined : JSON.parse(result.stdout) };
};
const rules = (report: { findings: { ruleId: string }[] }) => [...new Set(report.findings.map((f) => f.ruleId))].sort();

describe('.sunset.yml', () => {
  it('gives check its release range, paths and fail-on level', async () => {
    const cwd = repo({ '.sunset.yml': 'to: "18.0"\nfrom: 17.10\npaths:\n  - scripts\nfail-on: never\n' });
    const { code, report } = await json(['check'], cwd);
    expect(code).toBe(0);
    // 17.10 stays the release 17.10, not the number 17.1.
    expect(report.range).toEqual({ from: '17.10', to: '18.0' });
    expect(report.failOn).toBe('never');
    expect(rules(report)).toEqual(['runner-register-arguments-removed', 'runner-registration-token-removed']);
  });

  it('yields to flags: --to, --fail-on and named paths win', async () => {
    const cwd = repo({ '.sunset.yml': 'to: "18.0"\npaths: [scripts]\nfail-on: never\n' });
    const { code, report } = await json(['check', 'ci', '--to', '17.0', '--fail-on', 'removed'], cwd);
    expect(report.range.to).toBe('17.0');
    expect(report.failOn).toBe('removed');
    expect(report.findings.every((f: { file: string }) => f.file.startsWith('ci/'))).toBe(true);
    expect(code).toBe(report.findings.some((f: { severity: string }) => f.severity === 'error') ? 1 : 0);
  });

  it('gives plan and fix their range', async () => {
    const cwd = repo({ '.sunset.yml': 'to: "18.0"\nfrom: "17.11"\noffering: self-managed\n' });
    const plan = await runCli(['plan', '--format', 'json'], cwd);
    expect(plan.code, plan.stderr).toBe(0);
    expect(JSON.parse(plan.stdout)).toMatchObject({ from: '17.11', to: '18.0', offering: 'self-managed' });
    const fix = await runCli(['fix', '--dry-run'], cwd);
    expect(fix.stderr).not.toContain('--to <release> is required');
  });

  it('is read from package.json when there is no .sunset.yml, and .sunset.yml wins over it', async () => {
    const manifest = `${JSON.stringify({ name: 'app', sunset: { to: '17.0', paths: ['ci'] } }, null, 2)}\n`;
    const fromManifest = await json(['check'], repo({ 'package.json': manifest }));
    expect(fromManifest.report.range.to).toBe('17.0');
    const both = await json(['check'], repo({ 'package.json': manifest, '.sunset.yml': 'to: "18.0"\n' }));
    expect(both.report.range.to).toBe('18.0');
  });

  it.each([
    ['a bad level', '.sunset.yml', 'to: "18.0"\nfail-on: sometimes\n', /^sunset: \.sunset\.yml:2: fail-on: Invalid option/],
    [
      'an unknown key',
      '.sunset.yml',
      'to: "18.0"\n\ncolour: red\n',
      /^sunset: \.sunset\.yml:3: colour: is not a setting; the settings are to, from/,
    ],
    [
      'a release that is not one',
      '.sunset.yml',
      'to: latest\n',
      /^sunset: \.sunset\.yml:1: to: expected a release such as "18\.0"/,
    ],
    [
      'a path list item that is empty',
      '.sunset.yml',
      'to: "18.0"\npaths:\n  - ci\n  - ""\n',
      /^sunset: \.sunset\.yml:4: paths\.1: /,
    ],
    ['a YAML syntax error', '.sunset.yml', 'to: "18.0\n', /^sunset: \.sunset\.yml:2: not valid YAML: /],
    [
      'more anchors and aliases than a file the check reads',
      '.sunset.yml',
      `base: &base "18.0"\nto: *base\nnotes:\n${'  - *base\n'.repeat(2000)}`,
      /^sunset: \.sunset\.yml:1: not read: it holds more than 2,000 anchors and aliases\n?$/,
    ],
    [
      'a number in package.json',
      'package.json',
      '{\n  "name": "app",\n  "sunset": {\n    "to": 18\n  }\n}\n',
      /^sunset: package\.json:4: sunset\.to: /,
    ],
    [
      'a site address that is none',
      '.sunset.yml',
      'to: "18.0"\nsite-url: docs\n',
      /^sunset: \.sunset\.yml:2: site-url: expected an http or https address/,
    ],
  ])('refuses %s with file:line and the field path, exit 2', async (_label, file, text, message) => {
    const result = await runCli(['check'], repo({ [file]: text }));
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(message);
    expect(result.stderr.trimEnd().split('\n')).toHaveLength(1);
  });
});

describe('site-url and SUNSET_SITE_URL', () => {
  const site = 'https://docs.example.org/sunset';

  it('set every link of a report and a plan', async () => {
    const cwd = repo({ '.sunset.yml': `to: "18.0"\nsite-url: ${site}\n` });
    const { report } = await json(['check'], cwd);
    const links = [
      ...report.findings.map((f: { helpUri?: string }) => f.helpUri),
      ...report.checkByHand.map((item: { url: string }) => item.url),
    ];
    expect(links.length).toBeGreaterThan(2);
    for (const link of links) expect(link).toMatch(/^https:\/\/docs\.example\.org\/sunset\//);
    const sarif = await runCli(['check', '--format', 'sarif'], cwd);
    expect(JSON.parse(sarif.stdout).runs[0].tool.driver.informationUri).toBe(site);
    const plan = await runCli(['plan', '--from', '17.11', '--format', 'md'], cwd);
    expect(plan.stdout).toContain(`${site}/register/`);
    expect(plan.stdout).not.toContain('sunset.example.com');
  });

  it('takes SUNSET_SITE_URL over the file, and refuses one that is no address', async () => {
    const cwd = repo({ '.sunset.yml': `to: "18.0"\nsite-url: ${site}\n` });
    const { report } = await json(['check'], cwd, { SUNSET_SITE_URL: 'https://mirror.example.net' });
    expect(report.findings[0].helpUri).toMatch(/^https:\/\/mirror\.example\.net\/register\//);
    const bad = await runCli(['check'], cwd, { env: { SUNSET_SITE_URL: 'mirror' } });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^sunset: SUNSET_SITE_URL "mirror": expected an http or https address/);
  });

  it('leaves the register’s address without either', async () => {
    const { report } = await json(['check'], repo({ '.sunset.yml': 'to: "18.0"\n' }));
    expect(report.findings[0].helpUri).toMatch(/^https:\/\/sunset\.example\.com\//);
  });
});
