import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/cli.ts';
import { loadRegister } from '../../src/register/index.ts';
import { REPOS, runCli } from '../check/run-cli.ts';

const scratch = mkdtempSync(path.join(os.tmpdir(), 'sunset-outputs-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A fresh copy of a fixture repository, to write reports into. */
function checkout(fixture: string): string {
  const folder = mkdtempSync(path.join(scratch, `${fixture}-`));
  cpSync(path.join(REPOS, fixture), folder, { recursive: true });
  return folder;
}

const read = (folder: string, file: string) => readFileSync(path.join(folder, file), 'utf8');
const jsonFindings = (text: string) => (JSON.parse(text) as { findings: unknown[] }).findings.length;
const REPORTS = ['--report', 'json=sunset-report.json', '--report', 'codequality=quality.json', '--report', 'junit=junit.xml'];

describe('sunset check --report: every format from one scan', () => {
  it('writes each report, and they agree with each other and with the text on standard output', async () => {
    const folder = checkout('uses');
    const result = await runCli(['check', '.', '--to', '18.0', ...REPORTS, '--report', 'sarif=out.sarif'], folder);
    expect(result.code).toBe(1);
    const count = jsonFindings(read(folder, 'sunset-report.json'));
    expect(count).toBeGreaterThan(5);
    expect((JSON.parse(read(folder, 'quality.json')) as unknown[]).length).toBe(count);
    expect(read(folder, 'junit.xml')).toContain(`<testsuites name="sunset" tests="${count}"`);
    expect((JSON.parse(read(folder, 'out.sarif')) as { runs: { results: unknown[] }[] }).runs[0]?.results).toHaveLength(count);
    expect(result.stdout).toContain(`${count} findings`);
    expect(result.stderr).toContain('junit report with');
  });

  it('refuses two reports into one file and a --report that is not FORMAT=PATH', async () => {
    const folder = checkout('clean');
    const twice = await runCli(['check', '.', '--to', '18.0', '--report', 'json=a.json', '--report', 'sarif=a.json'], folder);
    expect(twice.code).toBe(2);
    expect(twice.stderr).toBe('sunset: a.json is named for two reports (json and sarif); give each its own file\n');
    const bad = await runCli(['check', '.', '--to', '18.0', '--report', 'junit'], folder);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--report "junit" is not FORMAT=PATH');
    const unknown = await runCli(['check', '.', '--to', '18.0', '--report', 'xml=a.xml'], folder);
    expect(unknown.stderr).toContain('--report xml=a.xml: format "xml" is not one of text, json, junit, sarif, codequality');
  });

  it('shows the findings that fail the gate as failed test cases in JUnit even with --fail-on never', async () => {
    const folder = checkout('uses');
    const result = await runCli(['check', '.', '--to', '18.0', '--fail-on', 'never', '--report', 'junit=junit.xml'], folder);
    expect(result.code).toBe(0);
    const errors = Number(/<property name="errors" value="(\d+)"\/>/.exec(read(folder, 'junit.xml'))?.[1]);
    expect(errors).toBeGreaterThan(0);
    expect(read(folder, 'junit.xml')).toContain(`failures="${errors}"`);
  });
});

describe('sunset check never scans its own output', () => {
  it('gives the same counts on a second run over the reports of the first', async () => {
    const folder = checkout('uses');
    const first = await runCli(['check', '.', '--to', '18.0', ...REPORTS], folder);
    const reports = REPORTS.filter((_, index) => index % 2 === 1).map((spec) => read(folder, spec.split('=')[1] as string));
    const second = await runCli(['check', '.', '--to', '18.0', ...REPORTS], folder);
    expect(second.code).toBe(first.code);
    expect(second.stdout).toBe(first.stdout);
    const again = REPORTS.filter((_, index) => index % 2 === 1).map((spec) => read(folder, spec.split('=')[1] as string));
    // Only the time in the JSON report may differ.
    const untimed = (text: string) => text.replace(/"time": "[^"]+"/, '');
    expect(again.map(untimed)).toEqual(reports.map(untimed));
  });

  it('keeps a clean repository clean after writing SARIF into it, as the README shows', async () => {
    const folder = checkout('clean');
    const args = ['check', '.', '--to', '18.0', '--format', 'sarif', '--output', 'sunset.sarif'];
    expect((await runCli(args, folder)).code).toBe(0);
    expect((await runCli(args, folder)).code).toBe(0);
    // Under another name, or moved elsewhere, it is still recognised as Sunset's own report.
    cpSync(path.join(folder, 'sunset.sarif'), path.join(folder, 'src', 'old-report.sarif'));
    const plain = await runCli(['check', '.', '--to', '18.0', '--verbose'], folder);
    expect(plain.code).toBe(0);
    expect(plain.stdout).toMatch(/src\/old-report\.sarif: a Sunset SARIF report: Sunset's own output is never scanned/);
    expect(plain.stdout).toMatch(/sunset\.sarif: a Sunset SARIF report/);
  });

  it('recognises each report format and the baseline wherever they lie, and fix leaves them alone', async () => {
    const folder = checkout('uses');
    await runCli(['check', '.', '--to', '18.0', '--update-baseline', '--baseline', 'base.json'], folder);
    await runCli(['check', '.', '--to', '18.0', ...REPORTS], folder);
    const stash = path.join(folder, 'old');
    mkdirSync(stash);
    for (const file of ['sunset-report.json', 'quality.json', 'junit.xml', 'base.json'])
      cpSync(path.join(folder, file), path.join(stash, file));
    const result = await runCli(['check', 'old', '--to', '18.0', '--format', 'json', '--verbose'], folder);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout).findings).toEqual([]);
    for (const [file, kind] of [
      ['sunset-report.json', 'JSON report'],
      ['quality.json', 'code-quality report'],
      ['junit.xml', 'JUnit report'],
      ['base.json', 'baseline'],
    ])
      expect(result.stderr).toContain(`skipped old/${file}: a Sunset ${kind}`);
    const fix = await runCli(['fix', 'old', '--to', '18.0', '--dry-run'], folder);
    expect(fix.stdout).toBe('');
    expect(fix.code).toBe(0);
  });

  it('leaves out the register entries sunset import wrote into the repository, whose texts name removed features', async () => {
    const folder = checkout('uses');
    const before = await runCli(['check', '.', '--to', '18.0', '--format', 'json'], folder);
    const platform = path.join(REPOS, '..', 'platform', 'data', 'deprecations');
    const imported = await runCli(['import', platform, '--out', 'platform-register'], folder);
    expect(imported.code, imported.stderr).toBe(0);
    const after = await runCli(['check', '.', '--to', '18.0', '--format', 'json', '--verbose'], folder);
    expect(jsonFindings(after.stdout)).toBe(jsonFindings(before.stdout));
    expect(after.stderr).toMatch(
      /skipped platform-register\/register\/18\.0\/17-5-metrics-rename\.yaml: a Sunset imported register entry/,
    );
    // A folder given with --register is left out whole, whatever else is kept in it.
    writeFileSync(path.join(folder, 'platform-register', 'refresh.sh'), 'gitlab-runner register --registration-token "$T"\n');
    const plain = await runCli(['check', '.', '--to', '18.0', '--format', 'json'], folder);
    expect(jsonFindings(plain.stdout)).toBeGreaterThan(jsonFindings(before.stdout));
    const withFolder = ['--to', '18.0', '--register', 'platform-register'];
    const inFolder = await runCli(['check', '.', ...withFolder, '--format', 'json', '--verbose'], folder);
    expect(jsonFindings(inFolder.stdout), inFolder.stderr).toBe(jsonFindings(before.stdout));
    expect(inFolder.stderr).toContain('skipped platform-register: a register folder this run reads (--register)');
    const fix = await runCli(['fix', '.', ...withFolder, '--dry-run'], folder);
    expect(fix.stdout).not.toContain('platform-register');
    // An entry of the user's own that only looks alike is read.
    writeFileSync(path.join(folder, 'notes.yaml'), '# Imported by hand\nrun: echo $CI_JOB_JWT\n');
    const own = await runCli(['check', 'notes.yaml', '--to', '18.0', '--format', 'json'], folder);
    expect(jsonFindings(own.stdout)).toBeGreaterThan(0);
  });

  it('lists its own outputs and ignored files with --verbose, without counting them as skipped', async () => {
    const folder = checkout('uses');
    const args = ['check', '.', '--to', '18.0', '--report', 'json=sunset-report.json', '--verbose'];
    await runCli(args, folder);
    const result = await runCli(args, folder);
    expect(result.stdout).toContain("sunset-report.json: this run's json report (Sunset's own output)");
    expect(result.stdout).toMatch(/ignored: ignored by \.gitignore/);
    expect(result.stdout).toMatch(/vendor: ignored by \.sunsetignore/);
    const report = JSON.parse(read(folder, 'sunset-report.json')) as { summary: { skipped: number } };
    // The binary logo is the one file skipped; the report and ignored folders are left out, not skipped.
    expect(report.summary.skipped).toBe(1);
  });

  it('counts a lone binary file as skipped, not scanned', async () => {
    const folder = checkout('uses');
    const result = await runCli(['check', 'assets/logo.bin', '--to', '18.0'], folder);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('0 files scanned (0.0 MB) · 1 skipped');
  });
});

describe('sunset check: every I/O fault is exit 2 and one line', () => {
  const clean = checkout('clean');
  const fault = async (args: string[]) => {
    const result = await runCli(['check', '.', '--to', '18.0', ...args], clean);
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr.trimEnd().split('\n'), result.stderr).toHaveLength(1);
    return result.stderr;
  };

  it('names the report path and what to do for --output and --report into a missing folder or onto a folder', async () => {
    expect(await fault(['--format', 'json', '--output', 'out/r.json'])).toBe(
      'sunset: cannot write the json report to out/r.json: the folder out does not exist; create it first (mkdir -p out)\n',
    );
    expect(await fault(['--report', 'junit=src'])).toBe(
      'sunset: cannot write the junit report to src: it is a directory; give a file name, such as a name inside it\n',
    );
    expect(await fault(['--report', 'junit=.gitlab-ci.yml/x.xml'])).toContain('.gitlab-ci.yml is a file, not a folder');
  });

  it('does the same for the baseline, to read or to write', async () => {
    expect(await fault(['--update-baseline', '--baseline', 'missing/base.json'])).toContain(
      'cannot write the baseline to missing/base.json: the folder missing does not exist',
    );
    expect(await fault(['--update-baseline', '--baseline', 'src'])).toContain(
      'cannot write the baseline to src: it is a directory',
    );
    expect(await fault(['--baseline', 'src'])).toBe(
      'sunset: cannot read the baseline src: it is a directory, not a file; create it with --update-baseline\n',
    );
  });

  it('refuses a named path that cannot be read, in words rather than a code', async () => {
    symlinkSync('loop', path.join(clean, 'loop'));
    const result = await runCli(['check', 'loop', '--to', '18.0'], clean);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('sunset: cannot read loop: too many symbolic links (a link that points back at itself)\n');
  });
});

describe('sunset check progress', () => {
  it('counts the files found on a terminal, clears the line, and writes nothing extra elsewhere', async () => {
    const folder = mkdtempSync(path.join(scratch, 'large-'));
    for (let index = 0; index < 1000; index++) writeFileSync(path.join(folder, `f${index}.sh`), 'echo hi\n');
    const register = await loadRegister();
    let stderr = '';
    const code = await main(['check', '.', '--to', '18.0'], {
      stdout: { write: () => true },
      stderr: { write: (text: string) => (stderr += text), isTTY: true },
      cwd: folder,
      env: {},
      loadRegister: async () => ({ register, source: 'content' }),
    });
    expect(code).toBe(0);
    expect(stderr).toBe('\r\x1b[Ksunset: files found 1,000\r\x1b[K');
    const piped = await runCli(['check', '.', '--to', '18.0'], folder);
    expect(piped.stderr).toBe('');
  });
});
