/**
 * The floor of `bench:readiness`, run in a process of its own: read and `JSON.parse` every report file, and
 * nothing else but a running sum, the same totals readiness gives (each project's newest report: projects,
 * ready, findings, errors), counted the plain way, so the bench can check the streamed site against them.
 * Prints `{ seconds, totals, peakMB }` as JSON. Usage: `node readiness-floor.ts DIR`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const dir = process.argv[2] as string;
interface Report {
  project: string;
  time: string;
  findings: { severity: string }[];
}

const start = process.hrtime.bigint();
const newest = new Map<string, { time: string; findings: number; errors: number }>();
for (const name of readdirSync(dir).sort()) {
  if (!name.endsWith('.json')) continue;
  const report = JSON.parse(readFileSync(path.join(dir, name), 'utf8')) as Report;
  let errors = 0;
  for (const finding of report.findings) if (finding.severity === 'error') errors++;
  const known = newest.get(report.project);
  if (!known || Date.parse(report.time) > Date.parse(known.time))
    newest.set(report.project, { time: report.time, findings: report.findings.length, errors });
}
const seconds = Number(process.hrtime.bigint() - start) / 1e9;
let findings = 0;
let errors = 0;
let ready = 0;
for (const project of newest.values()) {
  findings += project.findings;
  errors += project.errors;
  if (project.errors === 0) ready++;
}
const totals = { projects: newest.size, ready, notReady: newest.size - ready, findings, errors, warnings: findings - errors };
process.stdout.write(`${JSON.stringify({ seconds, totals, peakMB: process.resourceUsage().maxRSS / 1024 })}\n`);
