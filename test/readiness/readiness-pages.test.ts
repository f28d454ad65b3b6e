import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syntheticReport } from '../../scripts/bench/synthetic-reports.ts';
import { EMPTY_BLOCK, findingsOf } from '../../src/readiness/finding-block.ts';
import { readAllReports } from '../../src/readiness/read-all-reports.ts';
import { buildReadiness, type ReadinessModel } from '../../src/readiness/readiness-model.ts';
import { pageKind } from '../../src/readiness/site-paths.ts';
import { writeSite } from '../../src/readiness/write-site.ts';
import { loadRegister } from '../../src/register/index.ts';
import { CONTENT_BUDGET, LIST_BUDGET } from '../../src/site/page-budget.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const out = mkdtempSync(path.join(os.tmpdir(), 'sunset-readiness-pages-'));
const reports = `${out}-reports`;
const threaded = `${out}-threaded`;
afterAll(() => {
  rmSync(out, { recursive: true, force: true });
  rmSync(threaded, { recursive: true, force: true });
  rmSync(reports, { recursive: true, force: true });
});
/** A project too large to share a page: its section alone is longer than a shared page may be. */
const LARGE = { index: 7, findings: 40_000 };
const options = { projects: 600, findings: 40, days: 3, large: LARGE };
let model: ReadinessModel;
let files: string[];

/** Each project's findings as `file:line:column`, sorted, and which projects each entry's findings came from. */
const placesOf = new Map<string, string[]>();
const usersOf = new Map<string, Set<string>>();

const page = (file: string) => readFileSync(path.join(out, file), 'utf8');
/** Every `file line:column` a page lists, as `file:line:column`. */
const placesIn = (html: string) =>
  [...html.matchAll(/<code>([^<]*)<\/code> (\d+:\d+(?:, \d+:\d+)*)/g)].flatMap((match) =>
    (match[2] as string).split(', ').map((place) => `${match[1]}:${place}`),
  );
/** The links to projects on an entry page, as `[href, project]`. */
const projectLinks = (html: string) =>
  [...html.matchAll(/<li><a href="\.\.\/projects\/([^"#]+#[^"]+)">([^<]+)<\/a>/g)].map((match) => [match[1], match[2]] as const);

beforeAll(async () => {
  const register = await loadRegister();
  mkdirSync(reports);
  const names = Array.from({ length: options.projects }, (_, index) => {
    writeFileSync(path.join(reports, `r${index}.json`), JSON.stringify(syntheticReport(register, index, options)));
    return `r${index}.json`;
  });
  const read = await readAllReports(names, reports, { register, scratch: reports });
  expect(read.unread).toEqual([]);
  model = buildReadiness({ register, ...read, target: '18.0', generatedAt: '2026-11-05T00:00:00.000Z' });
  for (const status of model.projects) {
    const findings = findingsOf(status.report.spool ? read.spool.read(status.report.spool) : EMPTY_BLOCK);
    placesOf.set(status.project, findings.map((finding) => `${finding.file}:${finding.line}:${finding.column}`).sort());
    for (const finding of findings) {
      const users = usersOf.get(finding.ruleId) ?? new Set();
      users.add(status.project);
      usersOf.set(finding.ruleId, users);
    }
  }
  // The same site from worker threads, to compare with this thread's.
  await writeSite(model, threaded, { spool: read.spool, threads: 2 });
  files = (await writeSite(model, out, { spool: read.spool, threads: 0 })).files;
  read.spool.dispose();
}, 180_000);

describe('readiness pages at scale', () => {
  it('keeps every page within the site page budgets, splitting long lists into pages', () => {
    const over: string[] = [];
    for (const file of files.filter((name) => name.endsWith('.html'))) {
      const size = gzipSync(page(file)).length;
      if (size > (pageKind(file) === 'content' ? CONTENT_BUDGET.html : LIST_BUDGET.html)) over.push(`${file}: ${size}`);
    }
    expect(over).toEqual([]);
    expect(files).toContain('projects/index.html');
    expect(files.some((file) => /^entries\/[a-z0-9-]+\.2\.html$/.test(file))).toBe(true);
  });

  it('gathers neighbouring projects into shared pages, each project at its own anchor with all its places', () => {
    const projectPages = files.filter((file) => /^projects\/(?!index)/.test(file));
    expect(projectPages.length).toBeLessThan(model.projects.length / 4);
    for (const status of model.projects) {
      const html = page(`projects/${status.page}`);
      const start = html.indexOf(`<section class="project" id="${status.slug}">`);
      expect(start, status.project).toBeGreaterThan(0);
      if (status.report.findings === LARGE.findings) continue;
      const section = html.slice(start, html.indexOf('</section>', start));
      expect(placesIn(section).sort(), status.project).toEqual(placesOf.get(status.project));
    }
  });

  it('shows every finding of a very large project across pages of its own', () => {
    const status = model.projects.find((item) => item.report.findings === LARGE.findings);
    expect(status?.page).toBe(`${status?.slug}.html`);
    const own = files.filter((file) => file.startsWith(`projects/${status?.slug}.`));
    expect(own.length).toBeGreaterThan(1);
    expect(own.flatMap((file) => placesIn(page(file))).sort()).toEqual(placesOf.get(status?.project as string));
  });

  it("lists every affected project once across an entry's pages, linked to its section", () => {
    const pagesOf = (id: string) => files.filter((file) => file === `entries/${id}.html` || file.startsWith(`entries/${id}.`));
    // The entry used by most projects, whose list goes on over further pages.
    const impact = [...model.entries].sort((a, b) => b.projects - a.projects)[0];
    const pages = pagesOf(impact?.id as string);
    expect(pages.length).toBeGreaterThan(1);
    const links = pages.flatMap((file) => projectLinks(page(file)));
    expect(links.map(([, project]) => project).sort()).toEqual([...(usersOf.get(impact?.id as string) ?? [])].sort());
    for (const [href, project] of links) {
      const status = model.projects.find((item) => item.project === project);
      expect(href).toBe(`${status?.page}#${status?.slug}`);
    }
    // The projects an entry blocks come first, under their own heading, then those it warns.
    const blocking = model.entries[0];
    const first = page(`entries/${blocking?.id}.html`);
    expect(first).toMatch(new RegExp(`<h3>Blocked by it: ${blocking?.blocking} projects</h3>`));
    if ((blocking?.projects ?? 0) > (blocking?.blocking ?? 0))
      expect(
        pagesOf(blocking?.id as string)
          .map(page)
          .join(''),
      ).toMatch(/Blocked by it[\s\S]*<h3>Warned: /);
  });
});

describe('worker threads and this one', () => {
  it('write the same site', () => {
    const listing = (dir: string) =>
      readdirSync(dir, { recursive: true, encoding: 'utf8' })
        .filter((name) => /\.(html|csv)$/.test(name))
        .sort();
    expect(listing(threaded)).toEqual(listing(out));
    const differ = listing(out).filter(
      (name) => readFileSync(path.join(out, name), 'utf8') !== readFileSync(path.join(threaded, name), 'utf8'),
    );
    expect(differ).toEqual([]);
  });

  it('read the same summaries and findings', async () => {
    const register = await loadRegister();
    const names = readdirSync(reports).filter((name) => name.endsWith('.json'));
    const scratch = mkdtempSync(path.join(os.tmpdir(), 'sunset-readiness-threads-'));
    try {
      const inline = await readAllReports(names, reports, { register, scratch: path.join(scratch), threads: 0 });
      mkdirSync(path.join(scratch, 'w'));
      const workers = await readAllReports(names, reports, { register, scratch: path.join(scratch, 'w'), threads: 2 });
      const plain = (read: typeof inline) =>
        read.reports.map(({ spool, ruleTable: _, rules, ...summary }) => ({
          ...summary,
          rules: [...rules].length,
          findings: spool ? findingsOf(read.spool.read(spool)) : [],
        }));
      expect(plain(workers)).toEqual(plain(inline));
      inline.spool.dispose();
      workers.spool.dispose();
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  }, 60_000);
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
