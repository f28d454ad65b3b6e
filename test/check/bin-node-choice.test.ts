import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const bin = path.join(root, 'bin', 'sunset.js');
const scripts = path.join(root, 'test', 'fixtures', 'repos', 'uses', 'scripts');

/** An installed Node older than 22.12, as Debian's `nodejs` package is (20), or undefined. */
const oldNode = ['/usr/bin/nodejs', '/usr/bin/node'].find((candidate) => {
  try {
    const [major = 0, minor = 0] = execFileSync(candidate, ['-p', 'process.versions.node'], { encoding: 'utf8' })
      .trim()
      .split('.')
      .map(Number);
    return major < 22 || (major === 22 && minor < 12);
  } catch {
    return false;
  }
});
const oldVersion = oldNode ? execFileSync(oldNode, ['-p', 'process.versions.node'], { encoding: 'utf8' }).trim() : '';

const place = mkdtempSync(path.join(os.tmpdir(), 'sunset-node-choice-'));
afterAll(() => rmSync(place, { recursive: true, force: true }));

/** A folder holding `names`, each a link to `binary`. */
function folderWith(name: string, binary: string, names: string[]): string {
  const folder = path.join(place, name);
  mkdirSync(folder, { recursive: true });
  for (const command of names) symlinkSync(binary, path.join(folder, command));
  return folder;
}

/** A folder whose `node` is a script that runs the old Node, as pre-commit's system environment (nodeenv) makes it. */
function shimFolder(): string {
  const folder = path.join(place, 'env-bin');
  mkdirSync(folder, { recursive: true });
  writeFileSync(path.join(folder, 'node'), `#!/bin/sh\nexec ${oldNode} "$@"\n`);
  chmodSync(path.join(folder, 'node'), 0o755);
  return folder;
}

const current = folderWith('current', process.execPath, ['node']);
const system = folderWith('system', oldNode ?? '/nonexistent', ['node', 'nodejs']);

const run = (starter: string, args: string[], dirs: string[], env: Record<string, string> = {}) => {
  const result = spawnSync(starter, [bin, ...args], {
    cwd: root,
    encoding: 'utf8',
    env: { HOME: process.env.HOME ?? place, PATH: [...dirs, '/usr/bin', '/bin'].join(path.delimiter), ...env },
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
};

describe.runIf(oldNode)('bin/sunset.js started by a Node older than 22.12', () => {
  it.each([
    ['node', 'node'],
    ['nodejs', 'nodejs'],
  ])('started as %s, runs itself with the suitable node found on PATH and keeps its exit code', (_label, name) => {
    const starter = path.join(system, name);
    const result = run(starter, ['check', scripts, '--to', '18.0'], [system, current]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('runner-register-arguments-removed');
  });

  it("passes over a node shim that runs the old Node (pre-commit's environment) to a newer one later on PATH", () => {
    const result = run(path.join(system, 'nodejs'), ['--version'], [shimFolder(), system, current], {
      NODE_VIRTUAL_ENV: path.join(place, 'env'),
    });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^\d+\.\d+\.\d+\n$/);
  });

  it('exits 2 in one line naming the Node it was started with and every node it tried, when none is suitable', () => {
    const result = run(path.join(system, 'nodejs'), ['--version'], [system]);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(result.stderr).toContain(`sunset needs Node 22.12 or later; it was started by Node ${oldVersion} (`);
    expect(result.stderr).toContain(`no node on PATH is 22.12 or later (${path.join(system, 'node')} is ${oldVersion}`);
    expect(result.stderr).toMatch(/: install Node 22\.12\+ and put it first on PATH as node\n$/);
  });

  it("names pre-commit's environment and the language_version fix when pre-commit started it", () => {
    const env = path.join(place, 'env');
    const result = run(path.join(system, 'nodejs'), ['check', '.', '--to', '18.0'], [shimFolder(), system], {
      NODE_VIRTUAL_ENV: env,
    });
    expect(result.code).toBe(2);
    expect(result.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(result.stderr).toContain(`which pre-commit's node environment (${env}) runs`);
    expect(result.stderr).toContain(`${path.join(place, 'env-bin', 'node')} is ${oldVersion}`);
    expect(result.stderr).toContain('give the hook language_version: 22.12.0 in .pre-commit-config.yaml');
  });

  it('does not search again in the process it chose, so a wrong choice cannot loop', () => {
    const result = run(path.join(system, 'node'), ['--version'], [current], { SUNSET_NODE_CHOSEN: '1' });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('(none other found)');
  });
});
