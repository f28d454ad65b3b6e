/**
 * Every install line of the README, run as written: the packed package published to a real local registry
 * (Verdaccio, started here on a loopback port with no uplink, so nothing is fetched from the network), then
 * the README's `npx sunset-register …` and `npm i -D sunset-register` against it on Node 22 and on this run's
 * Node (24), each with a cold npm cache; and the README's release-tag line against a local bare repository
 * holding the tag `npm run release` makes.
 */
import { execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { freePort, run } from './processes.ts';

const packed = inject('packed');
const README = readFileSync(path.join(packed.root, 'README.md'), 'utf8');
const { version } = JSON.parse(readFileSync(path.join(packed.root, 'package.json'), 'utf8')) as { version: string };
const work = path.join(packed.work, 'install-lines');

/** The shell lines of a README section's `sh` blocks, in order, as printed (list indentation removed). */
function shellLines(heading: string): string[] {
  const start = README.indexOf(`\n## ${heading}\n`);
  if (start < 0) throw new Error(`README has no section "${heading}"`);
  const end = README.indexOf('\n## ', start + 1);
  const section = README.slice(start, end < 0 ? undefined : end);
  return [...section.matchAll(/```sh\n([\s\S]*?)```/g)].flatMap((match) =>
    (match[1] ?? '')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== ''),
  );
}

const localLines = shellLines('Check it locally');
const sourceLines = shellLines('Where the package comes from');
const NPX_CHECK = localLines.find((line) => line.startsWith('npx sunset-register check'));
const REGISTRY_INSTALL = sourceLines.find((line) => line.startsWith('npm i') && !line.includes('git+'));
const TAG_INSTALL = sourceLines.find((line) => line.includes('git+'));

/** A folder that puts one Node first on PATH as `node`. */
function nodeFolder(name: string, binary: string): string {
  const folder = path.join(work, name);
  mkdirSync(folder, { recursive: true });
  symlinkSync(binary, path.join(folder, 'node'));
  return folder;
}

const NODES = () => [
  { name: 'Node 22', folder: nodeFolder('node-22', packed.node22), major: 22 },
  { name: 'Node 24', folder: nodeFolder('node-24', process.execPath), major: 24 },
];
let nodes: ReturnType<typeof NODES> = [];

/** A user's repository: a copy of a fixture with a package.json, as `npm i -D` expects. */
function userRepository(name: string, fixture: string): string {
  const folder = path.join(work, name);
  cpSync(path.join(packed.root, 'test', 'fixtures', 'repos', fixture), folder, { recursive: true });
  writeFileSync(path.join(folder, 'package.json'), '{"name":"project","private":true}\n');
  return folder;
}

/** Environment for one Node with a cold npm cache of its own, so the package really comes from the source. */
function userEnv(node: { folder: string }, cache: string, registry: string): Record<string, string> {
  return {
    PATH: `${node.folder}${path.delimiter}${process.env.PATH}`,
    npm_config_registry: registry,
    npm_config_cache: path.join(work, `cache-${cache}`),
    npm_config_update_notifier: 'false',
    npm_config_audit: 'false',
    npm_config_fund: 'false',
    npm_config_userconfig: path.join(work, 'user.npmrc'),
  };
}

let registry = '';
let stopRegistry: () => Promise<void> = async () => {};

/** Starts Verdaccio with a temporary config and storage, no uplinks, and resolves once it answers. */
async function startVerdaccio(): Promise<void> {
  const port = await freePort();
  const folder = path.join(work, 'verdaccio');
  mkdirSync(folder, { recursive: true });
  const config = path.join(folder, 'config.yaml');
  writeFileSync(
    config,
    [
      `storage: ${path.join(folder, 'storage')}`,
      'auth:',
      '  htpasswd:',
      `    file: ${path.join(folder, 'htpasswd')}`,
      // No uplinks: a package it does not hold is a 404, never a fetch from the public registry.
      'uplinks: {}',
      'packages:',
      "  '**':",
      '    access: $all',
      '    publish: $authenticated',
      'log: { type: stdout, format: pretty, level: warn }',
      '',
    ].join('\n'),
  );
  const bin = path.join(packed.root, 'node_modules', 'verdaccio', 'bin', 'verdaccio');
  const child = spawn(process.execPath, [bin, '--config', config, '--listen', `127.0.0.1:${port}`], {
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  registry = `http://127.0.0.1:${port}/`;
  stopRegistry = () =>
    new Promise((done) => {
      if (child.exitCode !== null) return done();
      child.once('exit', () => done());
      process.kill(-(child.pid as number), 'SIGTERM');
    });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`verdaccio exited with ${child.exitCode}:\n${output}`);
    try {
      if ((await fetch(`${registry}-/ping`)).ok) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`verdaccio did not answer within a minute:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Adds a user (Verdaccio's htpasswd accepts the first sign-up) and publishes the packed tarball as that user. */
async function publish(): Promise<void> {
  const response = await fetch(`${registry}-/user/org.couchdb.user:publisher`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'publisher', password: 'publisher-password', type: 'user', roles: [] }),
  });
  const body = (await response.json()) as { token?: string };
  if (!body.token) throw new Error(`verdaccio refused the user: ${response.status} ${JSON.stringify(body)}`);
  const host = registry.replace(/^http:/, '');
  writeFileSync(path.join(work, 'user.npmrc'), `${host}:_authToken=${body.token}\n`);
  execFileSync('npm', ['publish', packed.tarball, '--registry', registry, '--loglevel=error'], {
    cwd: work,
    env: { ...process.env, npm_config_userconfig: path.join(work, 'user.npmrc'), npm_config_update_notifier: 'false' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
}

/** A bare repository holding the release tag `npm run release` makes, as a user's git server would. */
const bareRepo = path.join(work, 'sunset.git');

function tagRelease(): void {
  const clone = path.join(work, 'sunset');
  execFileSync('git', ['clone', '-q', packed.root, clone]);
  execFileSync(
    process.execPath,
    [path.join(packed.root, 'scripts', 'release-tag.ts'), '--repo', clone, '--package', packed.staged],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  execFileSync('git', ['clone', '-q', '--bare', clone, bareRepo]);
}

beforeAll(async () => {
  mkdirSync(work, { recursive: true });
  nodes = NODES();
  tagRelease();
  await startVerdaccio();
  await publish();
}, 180_000);

afterAll(async () => {
  await stopRegistry();
});

describe("the README's install lines", () => {
  it('are there to run: the npx check, the registry install and the release-tag install', () => {
    expect(NPX_CHECK).toBe('npx sunset-register check . --to 18.0');
    expect(REGISTRY_INSTALL).toBe('npm i -D sunset-register');
    expect(TAG_INSTALL).toMatch(new RegExp(`^npm i -D git\\+https://\\S+\\.git#${version.replaceAll('.', '\\.')}$`));
  });

  it('the registry holds the published version and no other package: nothing is proxied', async () => {
    const manifest = (await (await fetch(`${registry}sunset-register`)).json()) as { versions: Record<string, unknown> };
    expect(Object.keys(manifest.versions)).toEqual([version]);
    expect((await fetch(`${registry}left-pad`)).status).toBe(404);
  });

  for (const index of [0, 1]) {
    const label = index === 0 ? 'Node 22' : 'Node 24';

    it(`${label}: npx sunset-register check runs the published package and finds the removed uses`, () => {
      const node = nodes[index] as (typeof nodes)[number];
      const repo = userRepository(`npx-${node.major}`, 'uses');
      const env = userEnv(node, `npx-${node.major}`, registry);
      // The Node the line runs on is the one this case names.
      expect(run('node', ['--version'], repo, env).stdout).toMatch(new RegExp(`^v${node.major}\\.`));
      const result = run('bash', ['-c', NPX_CHECK ?? 'false'], repo, env);
      expect(result.code, result.stderr).toBe(1);
      expect(result.stdout).toContain('runner-register-arguments-removed');
    });

    it(`${label}: npm i -D sunset-register installs it from the registry, and the installed sunset runs`, () => {
      const node = nodes[index] as (typeof nodes)[number];
      const repo = userRepository(`install-${node.major}`, 'uses');
      const env = userEnv(node, `install-${node.major}`, registry);
      const install = run('bash', ['-c', REGISTRY_INSTALL ?? 'false'], repo, env);
      expect(install.code, install.stderr).toBe(0);
      const manifest = JSON.parse(readFileSync(path.join(repo, 'package.json'), 'utf8'));
      expect(manifest.devDependencies['sunset-register']).toBe(`^${version}`);
      // The lock records the published tarball itself: same bytes as the one packed for this run.
      const lock = JSON.parse(readFileSync(path.join(repo, 'package-lock.json'), 'utf8'));
      const entry = lock.packages['node_modules/sunset-register'] as { version: string; integrity: string };
      expect(entry.version).toBe(version);
      expect(entry.integrity).toBe(`sha512-${createHash('sha512').update(readFileSync(packed.tarball)).digest('base64')}`);
      const check = run('bash', ['-c', 'npx sunset check . --to 18.0'], repo, env);
      expect(check.code, check.stderr).toBe(1);
      expect(check.stdout).toContain('runner-register-arguments-removed');
    });
  }

  for (const index of [0, 1]) {
    const label = index === 0 ? 'Node 22' : 'Node 24';
    it(`${label}: the release-tag line installs from a bare repository's tag, with no registry reachable`, () => {
      const node = nodes[index] as (typeof nodes)[number];
      const repo = userRepository(`tag-${node.major}`, 'uses');
      // A registry that answers nothing (refused at once, not retried): the tag alone must be enough.
      const env = { ...userEnv(node, `tag-${node.major}`, 'http://127.0.0.1:9/'), npm_config_fetch_retries: '0' };
      // The README's line as printed, its repository URL pointing at the local bare repository.
      const line = (TAG_INSTALL ?? 'false').replace(/git\+https:\/\/\S+\.git#/, `git+file://${bareRepo}#`);
      expect(line).toBe(`npm i -D git+file://${bareRepo}#${version}`);
      const install = run('bash', ['-c', line], repo, env);
      expect(install.code, install.stderr).toBe(0);
      const manifest = JSON.parse(readFileSync(path.join(repo, 'package.json'), 'utf8'));
      expect(manifest.devDependencies['sunset-register']).toBe(`git+file://${bareRepo}#${version}`);
      const check = run('bash', ['-c', 'npx sunset check . --to 18.0'], repo, env);
      expect(check.code, check.stderr).toBe(1);
      expect(check.stdout).toContain('runner-register-arguments-removed');
    });
  }

  it('a tag the repository does not have fails the install', () => {
    const node = nodes[1] as (typeof nodes)[number];
    const repo = userRepository('tag-missing', 'uses');
    const env = { ...userEnv(node, 'tag-missing', 'http://127.0.0.1:9/'), npm_config_fetch_retries: '0' };
    const install = run('bash', ['-c', `npm i -D git+file://${bareRepo}#9.9.9`], repo, env);
    expect(install.code).not.toBe(0);
    expect(install.stderr).toContain('9.9.9');
  });

  it('a registry without the package answers 404, and npx says so instead of running something else', () => {
    const node = nodes[1] as (typeof nodes)[number];
    const repo = userRepository('npx-missing', 'uses');
    const env = userEnv(node, 'npx-missing', registry);
    const result = run('bash', ['-c', (NPX_CHECK ?? '').replace('sunset-register', 'sunset-register-missing')], repo, env);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toMatch(/E404|404 Not Found/);
  });
});
