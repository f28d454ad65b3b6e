/**
 * `npm run bench:readiness`: writes 5,000 synthetic project reports (about 250,000 findings, dated over
 * five days), then times `sunset readiness` on them in phases and prints seconds per 1,000 projects and the
 * process's peak memory. The peer is the floor of the same run: reading and `JSON.parse`-ing every report
 * file, nothing else; the ratio is the whole build over that floor. Then every page is weighed against the
 * site's page budgets (exit 1 when one is over). Options: `--projects N` (default 5000), `--findings N`
 * (mean per report, default 50), `--keep` to leave the files in the temporary folder.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { readReport, reportFiles } from '../../src/readiness/read-reports.ts';
import { buildReadiness } from '../../src/readiness/readiness-model.ts';
import { writeSite } from '../../src/readiness/write-site.ts';
import { loadRegister } from '../../src/register/index.ts';
import { CONTENT_BUDGET, kilobytes, LIST_BUDGET } from '../../src/site/page-budget.ts';
import { syntheticReport } from './synthetic-reports.ts';

const { values } = parseArgs({
  options: {
    projects: { type: 'string', default: '5000' },
    findings: { type: 'string', default: '50' },
    keep: { type: 'boolean', default: false },
  },
});
const PROJECTS = Number(values.projects);
const FINDINGS = Number(values.findings);
const DAYS = 5;

const register = await loadRegister();
const dir = mkdtempSync(path.join(os.tmpdir(), 'sunset-bench-readiness-'));
const reportsDir = path.join(dir, 'reports');
mkdirSync(reportsDir);
let generated = 0;
for (let index = 0; index < PROJECTS; index++) {
  const report = syntheticReport(register, index, { projects: PROJECTS, findings: FINDINGS, days: DAYS }) as {
    findings: unknown[];
  };
  generated += report.findings.length;
  writeFileSync(path.join(reportsDir, `report-${index}.json`), JSON.stringify(report, null, 2));
}
console.log(`${PROJECTS} reports, ${generated.toLocaleString('en')} findings, over ${DAYS} days, in ${reportsDir}`);

const seconds = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e9;

// The floor: read and parse every file, nothing else.
let start = process.hrtime.bigint();
let parsed = 0;
for (const name of readdirSync(reportsDir))
  parsed += (JSON.parse(readFileSync(path.join(reportsDir, name), 'utf8')) as { findings: unknown[] }).findings.length;
const floor = seconds(start);

start = process.hrtime.bigint();
const files = reportFiles([reportsDir], dir);
const reports = [];
const unread = [];
for (const file of files) {
  const result = readReport(file, dir);
  if ('report' in result) reports.push(result);
  else unread.push(result);
}
const read = seconds(start);
start = process.hrtime.bigint();
const model = buildReadiness({ register, reports, unread, target: '18.0', generatedAt: new Date().toISOString() });
const built = seconds(start);
start = process.hrtime.bigint();
const out = path.join(dir, 'site');
const written = await writeSite(model, out);
const wrote = seconds(start);
const total = read + built + wrote;
const peak = process.resourceUsage().maxRSS / 1024;

if (parsed !== generated || model.totals.findings !== generated || model.unread.length > 0)
  throw new Error(`counted ${model.totals.findings} findings and ${model.unread.length} unread, expected ${generated} and 0`);
const per1000 = (value: number) => `${((value / PROJECTS) * 1000).toFixed(2)} s`;
console.log(`read and validate  ${read.toFixed(2)} s  (${per1000(read)} per 1,000 projects)`);
console.log(`sum up             ${built.toFixed(2)} s  (${per1000(built)} per 1,000 projects)`);
console.log(`write ${written.pages} pages ${wrote.toFixed(2)} s  (${per1000(wrote)} per 1,000 projects)`);
console.log(`total              ${total.toFixed(2)} s  (${per1000(total)} per 1,000 projects; goal 20 s for 5,000)`);
console.log(`floor (read + JSON.parse only) ${floor.toFixed(2)} s; total / floor = ${(total / floor).toFixed(1)}x`);
console.log(`peak memory        ${peak.toFixed(0)} MB (goal 1024 MB)`);

// Page budgets: list pages against the list budget, one entry's or project's page against the content budget.
const over: string[] = [];
const heaviest = { list: 0, content: 0 };
const pages = written.files.filter((file) => file.endsWith('.html'));
for (const file of pages) {
  const kind = /^(entries|projects)\//.test(file) && !/^projects\/index(-\d+)?\.html$/.test(file) ? 'content' : 'list';
  const size = gzipSync(readFileSync(path.join(out, file))).length;
  heaviest[kind] = Math.max(heaviest[kind], size);
  const budget = kind === 'list' ? LIST_BUDGET.html : CONTENT_BUDGET.html;
  if (size > budget) over.push(`${file}: ${kilobytes(size)} gzip, over the ${kilobytes(budget)} ${kind} budget`);
}
console.log(
  `heaviest pages     list ${kilobytes(heaviest.list)} of ${kilobytes(LIST_BUDGET.html)}, content ${kilobytes(heaviest.content)} of ${kilobytes(CONTENT_BUDGET.html)} (gzip)`,
);
if (!values.keep) rmSync(dir, { recursive: true, force: true });
if (over.length > 0) {
  console.error(`${over.length} page(s) over budget:\n${over.slice(0, 10).join('\n')}`);
  process.exit(1);
}
