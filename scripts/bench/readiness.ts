/**
 * `npm run bench:readiness`: writes synthetic project reports (by default 100,000 projects with 50
 * findings each on average, about five million findings, dated over five days), then runs `sunset
 * readiness` on them in a process of its own and prints its time and peak memory (goals: 60 s and 1 GB
 * for 100,000 projects). The peer is the floor of the same run, in another process: reading and
 * `JSON.parse`-ing every report file and nothing else; the ratio is the run over that floor. The floor
 * also counts the totals the plain way (each project's newest report), and the run's `readiness.json`
 * must give the same, or the bench fails. Then the heaviest pages are weighed against the site's page
 * budgets (exit 1 when one is over). Options: `--projects N`, `--findings N` (mean per report), `--keep`
 * (leave the files), `--reports DIR` (a folder of reports an earlier `--keep` run left, instead of new ones).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { pageKind } from '../../src/readiness/site-paths.ts';
import { loadRegister } from '../../src/register/index.ts';
import { CONTENT_BUDGET, kilobytes, LIST_BUDGET } from '../../src/site/page-budget.ts';
import { syntheticReport } from './synthetic-reports.ts';

const { values } = parseArgs({
  options: {
    projects: { type: 'string', default: '100000' },
    findings: { type: 'string', default: '50' },
    keep: { type: 'boolean', default: false },
    reports: { type: 'string' },
  },
});
const PROJECTS = Number(values.projects);
const FINDINGS = Number(values.findings);
const DAYS = 5;
const HERE = import.meta.dirname;

const register = await loadRegister();
const dir = mkdtempSync(path.join(os.tmpdir(), 'sunset-bench-readiness-'));
const reportsDir = values.reports ? path.resolve(values.reports) : path.join(dir, 'reports');
let generated: number | undefined;
if (!values.reports) {
  mkdirSync(reportsDir);
  generated = 0;
  for (let index = 0; index < PROJECTS; index++) {
    const report = syntheticReport(register, index, { projects: PROJECTS, findings: FINDINGS, days: DAYS }) as {
      findings: unknown[];
    };
    generated += report.findings.length;
    writeFileSync(path.join(reportsDir, `report-${index}.json`), JSON.stringify(report, null, 2));
  }
  console.log(
    `${PROJECTS.toLocaleString('en')} reports, ${generated.toLocaleString('en')} findings, over ${DAYS} days, in ${reportsDir}`,
  );
}

/** Runs one of this folder's scripts in a process of its own and reads the JSON line it prints. */
function child<T>(script: string, args: string[]): T {
  const result = spawnSync(process.execPath, [path.join(HERE, script), ...args], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 1 << 20,
  });
  if (result.status !== 0) throw new Error(`${script} exited with ${result.status}`);
  return JSON.parse(result.stdout.trim().split('\n').at(-1) as string) as T;
}

type Totals = { projects: number; ready: number; notReady: number; findings: number; errors: number; warnings: number };
const floor = child<{ seconds: number; totals: Totals; peakMB: number }>('readiness-floor.ts', [reportsDir]);
const out = path.join(dir, 'site');
const run = child<{ seconds: number; peakMB: number; code: number }>('readiness-run.ts', [reportsDir, out, '18.0']);
if (run.code !== 0) throw new Error(`sunset readiness exited with ${run.code}`);

const site = JSON.parse(readFileSync(path.join(out, 'readiness.json'), 'utf8')) as { totals: Totals & { unread: number } };
const { unread, missing: _, ...totals } = site.totals as Totals & { unread: number; missing: number };
if (JSON.stringify(totals) !== JSON.stringify(floor.totals) || unread > 0 || totals.findings !== (generated ?? totals.findings))
  throw new Error(`readiness counted ${JSON.stringify(site.totals)}; the plain count is ${JSON.stringify(floor.totals)}`);

const perThousand = (value: number) => `${((value / totals.projects) * 1000).toFixed(2)} s`;
console.log(`totals             ${JSON.stringify(totals)} (the same as the plain count)`);
console.log(
  `sunset readiness   ${run.seconds.toFixed(1)} s  (${perThousand(run.seconds)} per 1,000 projects; goal 60 s for 100,000)`,
);
console.log(
  `floor (read + JSON.parse only) ${floor.seconds.toFixed(1)} s; readiness / floor = ${(run.seconds / floor.seconds).toFixed(2)}×`,
);
console.log(`peak memory        ${run.peakMB.toFixed(0)} MB (goal 1024 MB); the floor's ${floor.peakMB.toFixed(0)} MB`);

// Page budgets on the heaviest pages of each kind by size (weighing every page of an instance's site would
// take long): an entry's first page (its document) against the content budget, the lists against the list
// budget (readiness' pageKind says which is which).
const pages = readdirSync(out, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.html'))
  .map((file) => ({ file, kind: pageKind(file), size: statSync(path.join(out, file)).size }))
  .sort((a, b) => b.size - a.size);
const over: string[] = [];
const heaviest = { list: 0, content: 0 };
for (const kind of ['list', 'content'] as const) {
  for (const { file } of pages.filter((page) => page.kind === kind).slice(0, 200)) {
    const size = gzipSync(readFileSync(path.join(out, file))).length;
    heaviest[kind] = Math.max(heaviest[kind], size);
    const budget = kind === 'list' ? LIST_BUDGET.html : CONTENT_BUDGET.html;
    if (size > budget) over.push(`${file}: ${kilobytes(size)} gzip, over the ${kilobytes(budget)} ${kind} budget`);
  }
}
console.log(
  `${pages.length.toLocaleString('en')} pages; heaviest list ${kilobytes(heaviest.list)} of ${kilobytes(LIST_BUDGET.html)}, content ${kilobytes(heaviest.content)} of ${kilobytes(CONTENT_BUDGET.html)} (gzip)`,
);
if (!values.keep) rmSync(dir, { recursive: true, force: true });
if (over.length > 0) {
  console.error(`${over.length} page(s) over budget:\n${over.slice(0, 10).join('\n')}`);
  process.exit(1);
}
