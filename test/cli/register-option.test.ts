/**
 * `--register DIR` on every command that reads the register: one option, handled once for all of them,
 * run here through the CLI as a user runs it, on a folder imported from the fixture checkout.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { takeRegisterOption } from '../../src/cli/register-option.ts';
import { givesRegisterOption } from '../../src/cli/register-option-given.ts';
import { runImport } from '../../src/import/run-import.ts';
import { REPOS, runCli } from '../check/run-cli.ts';
import { PLATFORM } from '../import/fixture-data.ts';

const work = mkdtempSync(path.join(os.tmpdir(), 'sunset-register-option-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const imported = path.join(work, 'imported');
runImport({ inputs: ['data/deprecations'], cwd: PLATFORM, out: imported, upgradePath: 'config/upgrade_path.yml' });
const repo = path.join(work, 'repo');
cpSync(path.join(REPOS, 'uses'), repo, { recursive: true });

describe('takeRegisterOption', () => {
  it('takes every --register out of the arguments, in order, up to a --', () => {
    expect(takeRegisterOption(['.', '--register', 'a', '--to', '18.0', '--register=b', '--', '--register', 'c'])).toEqual({
      args: ['.', '--to', '18.0', '--', '--register', 'c'],
      registers: ['a', 'b'],
    });
    expect(givesRegisterOption(['check', '--register=a'])).toBe(true);
    expect(givesRegisterOption(['check', '--', '--register'])).toBe(false);
  });

  it('refuses --register without a folder', () => {
    expect(() => takeRegisterOption(['--register'])).toThrow('--register needs a folder');
    expect(() => takeRegisterOption(['--register', '--to'])).toThrow('--register needs a folder');
    expect(() => takeRegisterOption(['--register='])).toThrow('--register needs a folder');
  });
});

describe('--register on the commands', () => {
  it('check: the JSON report lists imported entries without rules as "check by hand", with their links', async () => {
    const plain = JSON.parse((await runCli(['check', '.', '--to', '18.0', '--format', 'json'], repo)).stdout);
    const result = await runCli(['check', '.', '--to', '18.0', '--format', 'json', '--register', imported], repo);
    expect(result.code).toBe(1);
    const report = JSON.parse(result.stdout);
    expect(report.findings).toEqual(plain.findings);
    expect(report.checkByHand.length).toBeGreaterThan(plain.checkByHand.length);
    expect(report.checkByHand).toContainEqual({
      id: '16-0-job-token-allowlist',
      title: 'Job token access: the **allowlist** is enforced',
      removedIn: '18.0',
      url: 'https://sunset.example.com/register/16-0-job-token-allowlist/',
      platform: {
        imported: true,
        links: [
          { label: 'tracking issue', href: 'https://platform.example.com/org/platform/-/issues/41011' },
          { label: 'documentation', href: 'https://docs.platform.example.com/ci/jobs/job_token' },
        ],
        resolutionRole: 'Maintainer',
        manualTask: true,
      },
    });
    // A built-in entry an imported item describes carries the item's links, not a second entry.
    expect(report.checkByHand.map((item: { id: string }) => item.id)).not.toContain('15-9-job-jwt-variables');
    expect(result.stderr).toContain(
      `sunset: register conflict (the built-in register / ${imported}): ${path.join(imported, 'register/17.0/15-9-job-jwt-variables.yaml')} describes "ci-job-jwt-removed" (shared names \`aud\`, \`ci_job_jwt_v2\`, \`id_tokens\`; titles share the words job, json, token, web), but on breaking: the platform's data says not breaking; this register says breaking\n`,
    );
  });

  it('plan: imported entries on the checklist, marked, with who must act; through the required stops', async () => {
    const result = await runCli(['plan', '--from', '16.0', '--to', '17.0', '--register', imported], REPOS);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('### Required upgrade stops');
    expect(result.stdout).toContain('#### Before you upgrade: 16.0 → 16.3 (');
    expect(result.stdout).toContain('#### At stop 16.11, before moving on to 17.0 (');
    expect(result.stdout).toMatch(
      /- \[ \] \[The import command's --token flag\]\(https:\/\/sunset\.example\.com\/register\/16-2-cli-token-flag\/\) \(\*\*breaking\*\*, removal in 17\.0\); not detectable by a scan\n {2}- Imported from the platform's data; who must act: Developer\n/,
    );
    const plain = await runCli(['plan', '--from', '16.0', '--to', '17.0'], REPOS);
    expect(plain.stdout).not.toContain('Required upgrade stops');
    expect(plain.stdout).not.toContain('16-2-cli-token-flag');
  });

  it('fix, validate and readiness read the folder too', async () => {
    const fix = await runCli(['fix', '.', '--to', '18.0', '--dry-run', '--register', imported], repo);
    expect([0, 1]).toContain(fix.code);
    expect(fix.stderr).toMatch(/sunset: would replace \d+ use\(s\)/);
    const validate = await runCli(['validate', '--register', imported], path.join(REPOS, 'analytics'));
    expect(validate.stdout).toMatch(/definitions? checked/);

    const reports = path.join(work, 'reports');
    mkdirSync(reports);
    const check = await runCli(
      [
        'check',
        '.',
        '--to',
        '18.0',
        '--format',
        'json',
        '--output',
        path.join(reports, 'app.json'),
        '--project',
        'org/app',
        '--register',
        imported,
      ],
      repo,
    );
    expect(check.code).toBe(1);
    const site = path.join(work, 'readiness');
    const readiness = await runCli(['readiness', reports, '--out', site, '--register', imported], work);
    expect(readiness.code).toBe(0);
    const coverage = readFileSync(path.join(site, 'coverage.html'), 'utf8');
    expect(coverage).toContain('/register/16-0-job-token-allowlist/');
    expect(coverage).toContain(
      'imported from the platform&#39;s data · who must act: Maintainer · <a href="https://platform.example.com/org/platform/-/issues/41011">tracking issue</a>',
    );
    const json = JSON.parse(readFileSync(path.join(site, 'readiness.json'), 'utf8'));
    expect(json.checkByHand.find((item: { id: string }) => item.id === '16-0-job-token-allowlist')?.platform.resolutionRole).toBe(
      'Maintainer',
    );
  });

  it('takes several folders, and names the file and line of a problem in one', async () => {
    const broken = path.join(work, 'broken');
    mkdirSync(path.join(broken, 'register', '18.0'), { recursive: true });
    writeFileSync(path.join(broken, 'register', '18.0', 'x.yaml'), 'id: x\ntitle: X\n');
    const result = await runCli(['check', '.', '--to', '18.0', '--register', imported, '--register', broken], repo);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/the register's content does not load:\ncontent has \d+ problems?:\n/);
    expect(result.stderr).toContain(`${path.join(broken, 'register/18.0/x.yaml')}:1:1 area: required field is missing`);
  });

  it.each([['check'], ['fix'], ['plan'], ['validate'], ['readiness']])(
    '%s: says so in its help, and refuses --register without a folder',
    async (command) => {
      expect((await runCli([command, '--help'], repo)).stdout).toMatch(
        /--register <dir> +also read the register folder <dir> \(sunset import --out\); repeatable/,
      );
      const result = await runCli([command, '--register'], repo);
      expect(result).toMatchObject({ code: 2, stderr: 'sunset: --register needs a folder, such as --register imported\n' });
    },
  );

  it('is not an option of the commands that read no register', async () => {
    const result = await runCli(['reference', '--register', imported], repo);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/Unknown option '--register'/);
  });
});
