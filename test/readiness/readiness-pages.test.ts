import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syntheticReport } from '../../scripts/bench/synthetic-reports.ts';
import { FindingSpool, type SpoolPlace } from '../../src/readiness/finding-spool.ts';
import { ENTRY_PAGE } from '../../src/readiness/pages/entry-pages.ts';
import { FINDINGS_PER_PROJECT_PAGE } from '../../src/readiness/pages/project-pages.ts';
import { readAllReports } from '../../src/readiness/read-all-reports.ts';
import { buildReadiness, type ReadinessModel } from '../../src/readiness/readiness-model.ts';
import { writeSite } from '../../src/readiness/write-site.ts';
import { loadRegister } from '../../src/register/index.ts';
import { CONTENT_BUDGET, LIST_BUDGET } from '../../src/site/page-budget.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const out = mkdtempSync(path.join(os.tmpdir(), 'sunset-readiness-pages-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));
const LARGE = { index: 7, findings: 3 * FINDINGS_PER_PROJECT_PAGE + 20 };
let model: ReadinessModel;
let files: string[];

/** Which projects each entry's rows came from, as read back from the spool. */
const usersOf = new Map<string, Set<string>>();

beforeAll(async () => {
  const register = await loadRegister();
  const options = { projects: 400, findings: 30, days: 3, large: LARGE };
  const reports = path.join(out, '..', `${path.basename(out)}-reports`);
  mkdirSync(reports);
  const names = Array.from({ length: options.projects }, (_, index) => {
    writeFileSync(path.join(reports, `r${index}.json`), JSON.stringify(syntheticReport(register, index, options)));
    return `r${index}.json`;
  });
  const spool = new FindingSpool(path.join(reports, 'spool'));
  const read = readAllReports(names, reports, { register, spool });
  expect(read.unread).toEqual([]);
  model = buildReadiness({ register, ...read, target: '18.0', generatedAt: '2026-11-05T00:00:00.000Z' });
  files = (
    await writeSite(model, out, (status) => {
      const findings = spool.read(status.report.spool as SpoolPlace);
      for (const finding of findings) {
        const users = usersOf.get(finding.ruleId) ?? new Set();
        users.add(status.project);
        usersOf.set(finding.ruleId, users);
      }
      return findings;
    })
  ).files;
  spool.dispose();
  rmSync(reports, { recursive: true, force: true });
}, 120_000);

const page = (file: string) => readFileSync(path.join(out, file), 'utf8');
const pagesOf = (folder: string, base: string) =>
  readdirSync(path.join(out, folder))
    .filter((name) => name === `${base}.html` || new RegExp(`^${base}-\\d+\\.html$`).test(name))
    .map((name) => page(`${folder}/${name}`));

describe('readiness pages at scale', () => {
  it('keeps every page within the site page budgets, splitting long lists into pages', () => {
    const over: string[] = [];
    for (const file of files.filter((name) => name.endsWith('.html'))) {
      const content = /^(entries|projects)\//.test(file) && !/^projects\/index/.test(file);
      const size = gzipSync(page(file)).length;
      if (size > (content ? CONTENT_BUDGET.html : LIST_BUDGET.html)) over.push(`${file}: ${size}`);
    }
    expect(over).toEqual([]);
    expect(files).toContain('projects/index-2.html');
  });

  it('shows every finding of a very large project across its pages', () => {
    const status = model.projects.find((item) => item.report.findings === LARGE.findings);
    expect(status).toBeDefined();
    const pages = pagesOf('projects', status?.slug as string);
    expect(pages).toHaveLength(Math.ceil(LARGE.findings / FINDINGS_PER_PROJECT_PAGE));
    const places = pages.reduce((sum, html) => sum + (html.match(/<li><code>[^<]+:\d+:\d+<\/code>/g)?.length ?? 0), 0);
    expect(places).toBe(LARGE.findings);
  });

  it("lists every affected project once across an entry's pages", () => {
    const impact = model.entries[0];
    expect(impact?.projects).toBeGreaterThan(ENTRY_PAGE.projects);
    const listed = pagesOf('entries', impact?.id as string).flatMap((html) =>
      [...html.matchAll(/data-project="([^"]+)"/g)].map((match) => match[1]),
    );
    expect(listed.length).toBe(impact?.projects);
    expect(listed.sort()).toEqual([...(usersOf.get(impact?.id as string) ?? [])].sort());
  });
});

describe('one look with the main site', () => {
  it("uses the main site's stylesheet as is and its layout's structure and class names", () => {
    expect(page('site.css')).toBe(readFileSync(path.join(ROOT, 'src/styles/site.css'), 'utf8'));
    const layout = readFileSync(path.join(ROOT, 'src/layouts/BaseLayout.astro'), 'utf8');
    // The readiness site runs no script, so the layout's scripted widgets (search box, menu button) stay out.
    const scripted = new Set(['header-search', 'header-search-results', 'menu-button', 'visually-hidden']);
    const classes = new Set(
      [...layout.matchAll(/class="([^"{]+)"/g)]
        .flatMap((match) => (match[1] as string).split(/\s+/))
        .filter((name) => !scripted.has(name)),
    );
    expect(classes.size).toBeGreaterThanOrEqual(4);
    const overview = page('index.html');
    for (const name of classes) expect(overview).toContain(`class="${name}"`);
    for (const landmark of ['<main id="main">', '<nav aria-label="Main">', '<nav aria-label="Data and more">', 'href="#main"'])
      expect(overview).toContain(landmark);
    // The entry badges, as the main site's EntryBadges component writes them.
    expect(readFileSync(path.join(ROOT, 'src/components/EntryBadges.astro'), 'utf8')).toContain('class="badge badge-breaking"');
    expect(page(`entries/${model.entries.find((impact) => impact.entry?.breaking)?.id}.html`)).toContain(
      '<span class="badge badge-breaking">Breaking</span>',
    );
    expect(overview).not.toMatch(/<script/);
  });
});
