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
//   READINESS_JOB_PAGES      how many pages of 100 recent jobs to search per project (default: 3)
//
// For each project it lists the recent jobs (passed or failed) and takes the file from the newest
// READINESS_JOB job on the default branch that kept its artifacts. A failed job counts as much as a passed
// one: the check fails exactly the projects that still use what the release removes, and those are the
// ones readiness must count. (The "latest artifacts" API would not do: it looks at successful jobs only.)
// A project without such a job is left out of reports/ but listed in projects.txt, so the readiness site
// lists it as expected without a report.
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
const jobPages = Number(env.READINESS_JOB_PAGES || 3);
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
if (!(Number.isInteger(jobPages) && jobPages > 0 && jobPages <= 50))
  fail(`READINESS_JOB_PAGES "${env.READINESS_JOB_PAGES}" is not a whole number from 1 to 50`);

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
/**
 * The project's READINESS_JOB jobs on its default branch that still have artifacts, newest first, from the
 * recent jobs that passed or failed (a canceled or skipped job wrote no report worth reading).
 */
async function candidateJobs(project) {
  const found = [];
  for (let page = 1; page <= jobPages; page++) {
    const url = `${api}/projects/${project.id}/jobs?scope[]=failed&scope[]=success&per_page=100&page=${page}`;
    const response = await get(url);
    if (!response.ok) throw new Error(`${response.status} ${response.statusText} listing jobs`);
    const jobs = await response.json();
    for (const candidate of jobs) {
      const archived = (candidate.artifacts ?? []).some((file) => file.file_type === 'archive');
      if (candidate.name === job && candidate.ref === project.branch && archived) found.push(candidate);
    }
    // The list is newest first: the first match is the one wanted, unless its artifact turns out gone.
    if (found.length > 0 || jobs.length < 100 || !response.headers.get('x-next-page')) break;
  }
  return found.sort((a, b) => b.id - a.id);
}

async function gather(project) {
  let jobs;
  try {
    jobs = await candidateJobs(project);
  } catch (error) {
    return void problems.push(`${project.path}: ${error.message}`);
  }
  for (const candidate of jobs.slice(0, 3)) {
    const url = `${api}/projects/${project.id}/jobs/${candidate.id}/artifacts/${artifact.split('/').map(encodeURIComponent).join('/')}`;
    const response = await get(url).catch((error) => ({ ok: false, status: 0, statusText: error.message }));
    if (response.status === 404) continue; // this job's archive lacks the file (or expired): try the one before
    if (!response.ok) return void problems.push(`${project.path}: ${response.status} ${response.statusText}`);
    const body = await response.text();
    if (body.length > MAX_BYTES) return void problems.push(`${project.path}: the report is over ${MAX_BYTES} bytes`);
    await writeFile(path.join(out, `${project.path.replaceAll('/', '__')}.json`), body);
    found++;
    return;
  }
  // No job with the report: the project is listed as expected without one.
}
for (let start = 0; start < projects.length; start += PARALLEL)
  await Promise.all(projects.slice(start, start + PARALLEL).map(gather));

await writeFile(
  path.join(path.dirname(path.resolve(out)), 'projects.txt'),
  projects.map((project) => `${project.path}\n`).join(''),
);
console.log(`gather-reports: ${found} of ${projects.length} projects of ${group} have a ${artifact}`);
for (const problem of problems) console.error(`gather-reports: ${problem}`);
