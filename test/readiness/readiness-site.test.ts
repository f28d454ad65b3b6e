import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectSlug } from '../../src/readiness/readiness-model.ts';
import { loadRegister } from '../../src/register/index.ts';
import { runCli } from '../check/run-cli.ts';
import { type FixtureReport, type FixtureSet, writeFixtureReports } from './fixture-reports.ts';

let fixtures: FixtureSet;
let out: string;
let stderr: string;
let json: {
  target: string;
  projects: { project: string; ready: boolean; findings: number; errors: number; checkByHand: number }[];
  totals: {
    projects: number;
    ready: number;
    notReady: number;
    findings: number;
    errors: number;
    warnings: number;
    missing: number;
    unread: number;
  };
  unread: { file: string; reason: string }[];
  missing: string[];
  trend?: { points: { date: string; findings: number; projects: number }[]; byEntry: Record<string, number[]> };
};

const read = (file: string) => readFileSync(path.join(out, file), 'utf8');
/** A project's section, from whichever page of projects/ holds it. */
const sectionOf = (project: string) => {
  const opening = `<section class="project" id="${projectSlug(project)}">`;
  for (const name of readdirSync(path.join(out, 'projects'))) {
    const page = read(`projects/${name}`);
    const start = page.indexOf(opening);
    if (start >= 0) return page.slice(start, page.indexOf('</section>', start));
  }
  throw new Error(`no section of ${project}`);
};
const totalsOf = (htmlText: string) =>
  Object.fromEntries([...htmlText.matchAll(/data-total="([a-z-]+)"[^>]*>(\d+)/g)].map((match) => [match[1], Number(match[2])]));
const errorsOf = (report: FixtureReport) => report.findings.filter((finding) => finding.severity === 'error').length;

beforeAll(async () => {
  fixtures = await writeFixtureReports();
  out = path.join(fixtures.dir, 'site');
  const result = await runCli(['readiness', 'reports', '--out', 'site', '--projects', 'projects.txt'], fixtures.dir);
  expect(result.code, result.stderr).toBe(0);
  stderr = result.stderr;
  json = JSON.parse(read('readiness.json'));
}, 120_000);
afterAll(() => rmSync(fixtures.dir, { recursive: true, force: true }));

describe('sunset readiness on reports the checker wrote', () => {
  it('counts on the overview and in readiness.json equal the sums of the counted reports', () => {
    const { counted } = fixtures;
    const findings = counted.reduce((sum, report) => sum + report.findings.length, 0);
    const errors = counted.reduce((sum, report) => sum + errorsOf(report), 0);
    const ready = counted.filter((report) => errorsOf(report) === 0).length;
    expect(findings).toBeGreaterThan(10);
    expect(ready).toBeGreaterThan(0);
    expect(ready).toBeLessThan(counted.length);
    const expected = { projects: counted.length, ready, findings, errors, warnings: findings - errors, missing: 1, unread: 4 };
    expect(totalsOf(read('index.html'))).toEqual({ ...expected, 'not-ready': counted.length - ready });
    expect(json.totals).toEqual({ ...expected, notReady: counted.length - ready });
    expect(json.target).toBe('18.0');
    // The shape the README describes.
    expect(Object.keys(json).sort()).toEqual(
      ['checkByHand', 'entries', 'generatedAt', 'missing', 'projects', 'register', 'target', 'totals', 'trend', 'unread'].sort(),
    );
    expect(Object.keys(json.projects[0] ?? {}).sort()).toEqual(
      ['checkByHand', 'commit', 'errors', 'file', 'findings', 'project', 'ready', 'scannedAt', 'warnings'].sort(),
    );
    for (const report of counted) {
      expect(json.projects.find((item) => item.project === report.project)).toMatchObject({
        findings: report.findings.length,
        errors: errorsOf(report),
        ready: errorsOf(report) === 0,
      });
    }
    expect(stderr).toContain(`${ready} of ${counted.length} projects ready`);
  });

  it('lists on a blocking entry page exactly the projects whose counted report uses it', () => {
    const id = 'ci-job-jwt-removed';
    const users = fixtures.counted
      .filter((report) => report.findings.some((finding) => finding.ruleId === id))
      .map((report) => report.project);
    // Other files use it too (the earlier, wrong-target and partial reports); none of them may show.
    expect(users).toEqual(['team/uses-copy']);
    const page = read(`entries/${id}.html`);
    const listed = [...page.matchAll(/<li><a href="\.\.\/projects\/([^"#]+)#([^"]+)">([^<]+)<\/a>/g)];
    expect(listed.map((match) => match[3])).toEqual(users);
    // Each links to the project's section on the page that holds it.
    for (const [, file, slug] of listed) expect(read(`projects/${file}`)).toContain(`id="${slug}"`);
    expect(page).toContain('https://sunset.example.com/register/ci-job-jwt-removed/');
    expect(page).toMatch(/<h2>What to do<\/h2>\s*<p>/);
    const report = fixtures.counted.find((item) => item.project === 'team/uses-copy') as FixtureReport;
    const place = report.findings.find((finding) => finding.ruleId === id);
    expect(page).toContain(`<code>${place?.file}:${place?.line}</code>`);
    expect(read('index.html')).toContain(`href="entries/${id}.html"`);
  });

  it('shows the malformed, wrong-target, older-register and partial reports as not counted, with the reason', () => {
    const reasons = Object.fromEntries(json.unread.map((item) => [path.basename(item.file), item.reason]));
    expect(Object.keys(reasons).sort()).toEqual(Object.values(fixtures.unread).sort());
    expect(reasons['malformed.json']).toMatch(/^is not JSON: /);
    expect(reasons['wrong-range.json']).toBe('is for another target release: it checks up to 17.0, not 18.0');
    expect(reasons['older-register.json']).toMatch(
      /^was read with an older register \(0123456789abcdef\) that did not look for ci-job-jwt-removed$/,
    );
    expect(reasons['partial.json']).toMatch(/^ran only some of the rules \(sunset check --rule\): it did not look for /);
    const projects = json.projects.map((item) => item.project);
    for (const project of ['team/other-target', 'team/stale', 'team/partial']) expect(projects).not.toContain(project);
    const coverage = read('coverage.html');
    for (const file of Object.values(fixtures.unread)) expect(coverage).toContain(`reports/${file}`);
    expect(coverage).toContain('is for another target release');
  });

  it('lists expected projects without a report, and entries no rule finds as check by hand', async () => {
    expect(json.missing).toEqual(['team/never-scanned']);
    const coverage = read('coverage.html');
    expect(coverage).toMatch(/<ul id="missing-list"><li>team\/never-scanned<\/li><\/ul>/);
    const register = await loadRegister();
    const byHand = [...coverage.matchAll(/register\/([a-z0-9-]+)\/">/g)].map((match) => match[1] as string);
    expect(byHand.length).toBeGreaterThan(5);
    for (const id of byHand) expect(register.entry(id)?.detect, id).toEqual([]);
    const page = sectionOf('team/clean');
    const count = json.projects.find((item) => item.project === 'team/clean')?.checkByHand ?? 0;
    expect(count).toBeGreaterThan(5);
    expect(page).toContain(`${count} entries of this range that no rule can find`);
    expect(page).toContain(`href="../coverage.html#by-hand"`);
  });

  it('gives each project a section with its findings grouped by entry, suppressed and baselined counts and scan time', () => {
    const report = fixtures.counted.find((item) => item.project === 'team/uses') as FixtureReport;
    const section = sectionOf('team/uses');
    expect(section).toContain(report.time);
    expect(section).toMatch(/<dt>Suppressed<\/dt><dd>\d+ /);
    expect(section).toMatch(/<dt>Baselined<\/dt><dd>0 /);
    const groups = [...section.matchAll(/<li><a href="\.\.\/entries\/([a-z0-9-]+)\.html">/g)].map((match) => match[1]);
    expect(new Set(groups)).toEqual(new Set(report.findings.map((finding) => finding.ruleId)));
    // Each file once per entry and matched text, with the line:column of each finding in it.
    const places = [...section.matchAll(/<code>([^<]*)<\/code> (\d+:\d+(?:, \d+:\d+)*)/g)].flatMap((match) =>
      (match[2] as string).split(', ').map((place) => `${match[1]}:${place}`),
    );
    expect(places.sort()).toEqual(report.findings.map((finding) => `${finding.file}:${finding.line}:${finding.column}`).sort());
    expect(section).toContain('<h3>Earlier reports</h3>');
    expect(section).toContain('<h3>Errors: removed by 18.0</h3>');
  });

  it('draws trends as an SVG and a table when reports of several days are given', () => {
    expect(json.trend?.points.map((point) => point.projects)).toEqual([1, 4]);
    expect(json.trend?.points[0]?.findings).toBe(fixtures.earlier.findings.length);
    // team/uses dropped ci-job-jwt-removed when it moved to 17.0; team/uses-copy, scanned later, still has it.
    expect(json.trend?.byEntry['ci-job-jwt-removed']).toEqual([1, 1]);
    const earlierIds = new Set(fixtures.earlier.findings.map((finding) => finding.ruleId));
    for (const [id, series] of Object.entries(json.trend?.byEntry ?? {}))
      expect(series[0], id).toBe(
        earlierIds.has(id) ? fixtures.earlier.findings.filter((finding) => finding.ruleId === id).length : 0,
      );
    const trends = read('trends.html');
    expect(trends).toContain('<svg viewBox=');
    expect(trends).toMatch(/<table>\s*<caption>Findings across all projects, by day<\/caption>/);
    expect(trends).toContain(`<td>${fixtures.earlier.findings.length}</td>`);
  });

  it('writes every counted finding to findings.csv', () => {
    const rows = read('findings.csv').trimEnd().split('\r\n');
    expect(rows[0]).toBe('project,entry,severity,file,line,column,match,message,commit,scanned_at');
    expect(rows).toHaveLength(json.totals.findings + 1);
    expect(rows.filter((row) => row.startsWith('team/broken,parse-error,error,'))).toHaveLength(
      fixtures.counted.find((item) => item.project === 'team/broken')?.findings.length ?? -1,
    );
  });

  it('rewrites an earlier site without leaving pages of projects that are gone', async () => {
    const stray = path.join(out, 'projects', 'gone-00000000.html');
    writeFileSync(stray, 'old');
    const again = await runCli(['readiness', 'reports/clean.json', '--out', 'site'], fixtures.dir);
    expect(again.code, again.stderr).toBe(0);
    expect(existsSync(stray)).toBe(false);
    expect(JSON.parse(read('readiness.json')).totals.projects).toBe(1);
  });

  it('does not read its own earlier output as a report when the site sits among the reports', async () => {
    const again = await runCli(['readiness', '.', '--out', 'site'], fixtures.dir);
    expect(again.code, again.stderr).toBe(0);
    const unread = (JSON.parse(read('readiness.json')).unread as { file: string }[]).map((item) => item.file);
    expect(unread.filter((file) => file.startsWith('site'))).toEqual([]);
    expect(unread).toHaveLength(4);
  });
});
