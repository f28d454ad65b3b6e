#!/usr/bin/env node
// Gathers the `sunset-report.json` artifact of every project of a group, for `sunset readiness`.
// Plain JavaScript with no dependencies: it runs in any Node 22+ image of a scheduled pipeline.
//
// Reads from the environment:
//   CI_API_V4_URL            the platform's API (set in every pipeline), such as https://code.example.com/api/v4
//   READINESS_GROUP          the group whose projects (and subgroups' projects) are gathered, such as my-org
//   READINESS_TOKEN          a token with read_api on the group (sent as PRIVATE-TOKEN)
//   READINESS_JOB            the job that uploads the report (default: sunset-check, the CI/CD component's job)
//   READINESS_ARTIFACT       the artifact file (default: sunset-report.json)
//   READINESS_OUT            where to write the reports (default: reports); projects.txt is written beside it
//   READINESS_MAX_PROJECTS   refuse groups larger than this (default: 20000)
//
// For each project it asks the jobs artifacts API for the file from the newest successful READINESS_JOB job
// on the default branch. A project without one is left out of reports/ but listed in projects.txt, so the
// readiness site lists it as expected without a report.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

const env = process.env;
const api = (env.CI_API_V4_URL ?? '').replace(/\/+$/, '');
const group = env.READINESS_GROUP ?? '';
const token = env.READINESS_TOKEN ?? '';
const job = env.READINESS_JOB || 'sunset-check';
const artifact = env.READINESS_ARTIFACT || 'sunset-report.json';
const out = env.READINESS_OUT || 'reports';
const maxProjects = Number(env.READINESS_MAX_PROJECTS || 20000);
const MAX_BYTES = 64 * 1024 * 1024;
const PARALLEL = 8;

function fail(message) {
  console.error(`gather-reports: ${message}`);
  process.exit(1);
}
if (!api) fail('CI_API_V4_URL is not set (the API of the platform, such as https://code.example.com/api/v4)');
if (!group) fail('READINESS_GROUP is not set (the group whose projects to gather)');
if (!token) fail('READINESS_TOKEN is not set (a token with read_api on the group)');
if (!(Number.isInteger(maxProjects) && maxProjects > 0))
  fail(`READINESS_MAX_PROJECTS "${env.READINESS_MAX_PROJECTS}" is not a whole number`);

const headers = { 'PRIVATE-TOKEN': token };
const get = (url) => fetch(url, { headers, signal: AbortSignal.timeout(60_000) });

// Every project of the group and its subgroups, page by page.
const projects = [];
for (let page = '1'; page; ) {
  const url = `${api}/groups/${encodeURIComponent(group)}/projects?include_subgroups=true&archived=false&per_page=100&page=${page}`;
  const response = await get(url);
  if (!response.ok) fail(`${url} answered ${response.status} ${await response.text().catch(() => '')}`.trim());
  for (const project of await response.json()) {
    if (project.default_branch)
      projects.push({ id: project.id, path: project.path_with_namespace, branch: project.default_branch });
  }
  if (projects.length > maxProjects) fail(`${group} has more than ${maxProjects} projects; raise READINESS_MAX_PROJECTS`);
  page = response.headers.get('x-next-page') ?? '';
}

await mkdir(out, { recursive: true });
let found = 0;
const problems = [];
async function gather(project) {
  const url = `${api}/projects/${project.id}/jobs/artifacts/${encodeURIComponent(project.branch)}/raw/${artifact}?job=${encodeURIComponent(job)}`;
  const response = await get(url).catch((error) => ({ ok: false, status: 0, statusText: error.message }));
  if (response.status === 404) return; // no successful job with the report: listed as missing
  if (!response.ok) return void problems.push(`${project.path}: ${response.status} ${response.statusText}`);
  const body = await response.text();
  if (body.length > MAX_BYTES) return void problems.push(`${project.path}: the report is over ${MAX_BYTES} bytes`);
  await writeFile(path.join(out, `${project.path.replaceAll('/', '__')}.json`), body);
  found++;
}
for (let start = 0; start < projects.length; start += PARALLEL)
  await Promise.all(projects.slice(start, start + PARALLEL).map(gather));

await writeFile(
  path.join(path.dirname(path.resolve(out)), 'projects.txt'),
  projects.map((project) => `${project.path}\n`).join(''),
);
console.log(`gather-reports: ${found} of ${projects.length} projects of ${group} have a ${artifact}`);
for (const problem of problems) console.error(`gather-reports: ${problem}`);
