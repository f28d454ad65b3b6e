/**
 * The README's three readiness steps, run as written: the project job's script in a copy of a fixture
 * repository, the scheduled job's script against a local server that answers the platform's project
 * listing and jobs artifacts API, and the command by hand.
 */
import { execFile } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { REPOS } from '../check/run-cli.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
const section = readme.slice(readme.indexOf('## Upgrade readiness across projects'), readme.indexOf('## Layout'));
const blocks = (lang: string) =>
  [...section.matchAll(new RegExp(`\`\`\`${lang}\\n([\\s\\S]*?)\`\`\``, 'g'))].map((match) =>
    (match[1] as string).replace(/^ {3}/gm, ''),
  );
const [projectYaml, scheduledYaml] = blocks('yaml').map(
  (text) =>
    parse(text) as Record<string, { script: string[]; variables?: Record<string, string>; artifacts: { paths: string[] } }>,
);
const [byHand] = blocks('sh');

const work = mkdtempSync(path.join(os.tmpdir(), 'sunset-readme-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A folder where `npx sunset-register` resolves to this checkout, as it does where the package is installed. */
function withSunset(dir: string): string {
  mkdirSync(path.join(dir, 'node_modules', '.bin'), { recursive: true });
  symlinkSync(ROOT, path.join(dir, 'node_modules', 'sunset-register'));
  symlinkSync(path.join(ROOT, 'bin', 'sunset.js'), path.join(dir, 'node_modules', '.bin', 'sunset'));
  return dir;
}
const shellEnv = (extra: Record<string, string>) => ({
  ...process.env,
  PATH: `${path.dirname(process.execPath)}:${process.env.PATH}`,
  ...extra,
});
// Asynchronous, so the local API server in this process can answer while the script runs.
const run = async (line: string, cwd: string, env: Record<string, string>) =>
  (await promisify(execFile)('bash', ['-c', line], { cwd, env: shellEnv(env), encoding: 'utf8' })).stdout;

/** Step 1 in a copy of a fixture repository: the job's script as written. */
async function projectJob(repo: string, project: string): Promise<string> {
  const dir = withSunset(path.join(work, 'projects', project.replaceAll('/', '-')));
  cpSync(path.join(REPOS, repo), dir, { recursive: true });
  const job = projectYaml?.['sunset-check'];
  for (const line of job?.script ?? []) await run(line, dir, { CI_PROJECT_PATH: project, CI_COMMIT_SHA: `${repo}-sha` });
  const artifact = path.join(dir, job?.artifacts.paths[0] ?? 'missing');
  expect(existsSync(artifact)).toBe(true);
  return readFileSync(artifact, 'utf8');
}

let server: Server;
let api: string;
const requests: string[] = [];

/** A job as the jobs API lists it: newest first, with an artifacts archive when it kept one. */
interface StandInJob {
  id: number;
  name: string;
  ref: string;
  status: 'success' | 'failed' | 'canceled';
  artifacts: { file_type: string }[];
  /** The `sunset-report.json` inside its archive, if any. */
  report?: string;
}

const archive = [{ file_type: 'archive' }, { file_type: 'metadata' }];

beforeAll(async () => {
  const usesReport = await projectJob('uses', 'my-org/app');
  const cleanReport = await projectJob('clean', 'my-org/tools/cli');
  const projects = [
    { id: 11, path_with_namespace: 'my-org/app', default_branch: 'main' },
    { id: 12, path_with_namespace: 'my-org/tools/cli', default_branch: 'trunk' },
    { id: 13, path_with_namespace: 'my-org/never-scanned', default_branch: 'main' },
    { id: 14, path_with_namespace: 'my-org/empty', default_branch: null },
  ];
  const jobs = new Map<number, StandInJob[]>([
    [
      11,
      [
        // The check failed the newest pipeline (removed features in use) and kept its report: that one counts.
        { id: 1105, name: 'lint', ref: 'main', status: 'failed', artifacts: [] },
        { id: 1104, name: 'sunset-check', ref: 'main', status: 'failed', artifacts: archive, report: usesReport },
        { id: 1101, name: 'sunset-check', ref: 'main', status: 'success', artifacts: archive, report: cleanReport },
      ],
    ],
    [
      12,
      [
        // A branch's newer job is not the default branch's state; an expired archive is passed over.
        { id: 1209, name: 'sunset-check', ref: 'feature', status: 'failed', artifacts: archive, report: usesReport },
        { id: 1208, name: 'sunset-check', ref: 'trunk', status: 'success', artifacts: [] },
        { id: 1207, name: 'sunset-check', ref: 'trunk', status: 'success', artifacts: archive, report: cleanReport },
      ],
    ],
    [13, [{ id: 1301, name: 'test', ref: 'main', status: 'success', artifacts: archive }]],
  ]);
  server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    requests.push(`${url.pathname}${url.search}`);
    if (request.headers['private-token'] !== 'group-token')
      return void response.writeHead(401).end('{"message":"401 Unauthorized"}');
    if (url.pathname === '/api/v4/groups/my-org/projects') {
      expect(url.searchParams.get('include_subgroups')).toBe('true');
      const page = Number(url.searchParams.get('page'));
      response.writeHead(200, { 'content-type': 'application/json', 'x-next-page': page === 1 ? '2' : '' });
      return void response.end(JSON.stringify(projects.slice((page - 1) * 2, page * 2)));
    }
    const list = /^\/api\/v4\/projects\/(\d+)\/jobs$/.exec(url.pathname);
    if (list) {
      const scopes = url.searchParams.getAll('scope[]');
      const listed = (jobs.get(Number(list[1])) ?? [])
        .filter((job) => scopes.length === 0 || scopes.includes(job.status))
        .map(({ report: _, ...job }) => job);
      response.writeHead(200, { 'content-type': 'application/json', 'x-next-page': '' });
      return void response.end(JSON.stringify(listed));
    }
    const raw = /^\/api\/v4\/projects\/(\d+)\/jobs\/(\d+)\/artifacts\/sunset-report\.json$/.exec(url.pathname);
    const job = raw ? jobs.get(Number(raw[1]))?.find((candidate) => candidate.id === Number(raw[2])) : undefined;
    if (!job?.report) return void response.writeHead(404).end('{"message":"404 Not Found"}');
    response.writeHead(200, { 'content-type': 'application/octet-stream' }).end(job.report);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  api = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v4`;
}, 180_000);
afterAll(() => new Promise((resolve) => server?.close(resolve)));

describe('the README readiness steps', () => {
  it('gathers the artifacts in a scheduled job and publishes the site', async () => {
    const admin = withSunset(path.join(work, 'admin'));
    copyFileSync(path.join(ROOT, 'docs/readiness/gather-reports.mjs'), path.join(admin, 'gather-reports.mjs'));
    const job = scheduledYaml?.pages;
    expect(job?.artifacts.paths).toEqual(['public']);
    let output = '';
    for (const line of job?.script ?? [])
      output += await run(line, admin, {
        ...job?.variables,
        CI_API_V4_URL: api,
        READINESS_TOKEN: 'group-token',
        CI_PIPELINE_SOURCE: 'schedule',
      });
    expect(output).toContain('gather-reports: 2 of 3 projects of my-org have a sunset-report.json');
    expect(requests.filter((request) => request.includes('/groups/'))).toHaveLength(2);
    expect(readFileSync(path.join(admin, 'projects.txt'), 'utf8')).toBe('my-org/app\nmy-org/tools/cli\nmy-org/never-scanned\n');
    const site = JSON.parse(readFileSync(path.join(admin, 'public', 'readiness.json'), 'utf8'));
    expect(site.projects.map((item: { project: string }) => item.project)).toEqual(['my-org/app', 'my-org/tools/cli']);
    // The project whose check failed is counted, from its newest (failed) job, as not ready: not missing.
    expect(site.projects.map((item: { ready: boolean }) => item.ready)).toEqual([false, true]);
    expect(site.totals).toMatchObject({ projects: 2, ready: 1, notReady: 1, missing: 1 });
    expect(requests).toContain('/api/v4/projects/11/jobs/1104/artifacts/sunset-report.json');
    expect(requests).not.toContain('/api/v4/projects/11/jobs/1101/artifacts/sunset-report.json');
    expect(site.missing).toEqual(['my-org/never-scanned']);
    expect(site.unread).toEqual([]);
    expect(existsSync(path.join(admin, 'public', 'index.html'))).toBe(true);

    // Step 3, by hand, on the same reports.
    await run(byHand as string, admin, {});
    expect(JSON.parse(readFileSync(path.join(admin, 'readiness-site', 'readiness.json'), 'utf8')).totals).toMatchObject({
      projects: 2,
      missing: 1,
    });
  });

  it('stops with the status when the token is refused', async () => {
    const admin = path.join(work, 'admin');
    let failure = '';
    try {
      await run('node gather-reports.mjs', admin, { CI_API_V4_URL: api, READINESS_GROUP: 'my-org', READINESS_TOKEN: 'wrong' });
    } catch (error) {
      failure = String((error as { stderr: string }).stderr);
    }
    expect(failure).toContain('/groups/my-org/projects?include_subgroups=true&archived=false&per_page=100&page=1 answered 401');
  });
});
