/**
 * Report files for the readiness tests, written by the real checker on the fixture repositories, so they
 * keep the format `sunset check --format json` writes. A few are then changed the way real files go
 * wrong: cut short, for another target, read with an older register, or taken on an earlier day.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPOS, runCli } from '../check/run-cli.ts';

/** A report, parsed, as the tests need to read it back. */
export interface FixtureReport {
  project: string;
  time: string;
  range: { from: string; to: string };
  register: { version: string };
  rules: string[];
  findings: { ruleId: string; severity: 'error' | 'warning'; file: string; line: number; column: number }[];
}

async function check(repo: string, project: string, extra: string[] = []): Promise<FixtureReport> {
  const { stdout, stderr } = await runCli(
    ['check', '.', '--format', 'json', '--fail-on', 'never', ...extra],
    path.join(REPOS, repo),
    {
      env: { CI_PROJECT_PATH: project, CI_COMMIT_SHA: `${repo}-commit` },
    },
  );
  if (!stdout.startsWith('{')) throw new Error(`sunset check failed in ${repo}: ${stderr}`);
  return JSON.parse(stdout) as FixtureReport;
}

/** The reports written, where, and which of them readiness must count. */
export interface FixtureSet {
  dir: string;
  reports: string;
  /** Every report that must be counted: each counted project's newest. */
  counted: FixtureReport[];
  /** The earlier report of `team/uses`, counted only in the trend. */
  earlier: FixtureReport;
  /** File names that must be listed as not counted. */
  unread: { malformed: string; wrongRange: string; olderRegister: string; partial: string };
  /** The `--projects` file: every counted project plus `team/never-scanned`. */
  projectsFile: string;
}

const DAY = 24 * 60 * 60 * 1000;

/** Writes the fixture reports into a new temporary folder. */
export async function writeFixtureReports(): Promise<FixtureSet> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sunset-readiness-'));
  const reports = path.join(dir, 'reports');
  mkdirSync(path.join(reports, 'nested'), { recursive: true });
  const write = (name: string, data: unknown) =>
    writeFileSync(path.join(reports, name), typeof data === 'string' ? data : JSON.stringify(data));

  // Since its earlier report, team/uses moved to 17.0: what took effect before it no longer counts.
  const uses = await check('uses', 'team/uses', ['--to', '18.0', '--from', '17.0']);
  const copy = await check('uses', 'team/uses-copy', ['--to', '18.0']);
  const clean = await check('clean', 'team/clean', ['--to', '18.0']);
  const broken = await check('broken', 'team/broken', ['--to', '18.0']);
  const earlier = await check('uses', 'team/uses', ['--to', '18.0']);
  earlier.time = new Date(Date.parse(uses.time) - 3 * DAY).toISOString();
  const wrongRange = await check('uses', 'team/other-target', ['--to', '17.0']);
  const partial = await check('uses', 'team/partial', ['--to', '18.0', '--rule', 'ci-job-jwt-removed']);
  const stale = await check('uses', 'team/stale', ['--to', '18.0']);
  stale.register = { version: '0123456789abcdef' };
  stale.rules = stale.rules.filter((id) => id !== 'ci-job-jwt-removed');
  stale.findings = stale.findings.filter((finding) => finding.ruleId !== 'ci-job-jwt-removed');

  write('uses.json', uses);
  write('nested/uses-copy.json', copy);
  write('clean.json', clean);
  write('broken.json', broken);
  write('uses-earlier.json', earlier);
  write('wrong-range.json', wrongRange);
  write('partial.json', partial);
  write('older-register.json', stale);
  write('malformed.json', JSON.stringify(uses).slice(0, 200));
  writeFileSync(path.join(reports, 'notes.txt'), 'not a report, and not named .json: never read');

  const projectsFile = path.join(dir, 'projects.txt');
  writeFileSync(
    projectsFile,
    '# every project of the instance\nteam/uses\nteam/uses-copy\nteam/clean\nteam/broken\n\nteam/never-scanned  # archived?\n',
  );
  return {
    dir,
    reports,
    counted: [uses, copy, clean, broken],
    earlier,
    unread: {
      malformed: 'malformed.json',
      wrongRange: 'wrong-range.json',
      olderRegister: 'older-register.json',
      partial: 'partial.json',
    },
    projectsFile,
  };
}
