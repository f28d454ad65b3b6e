import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createEngine } from '../../src/check/engine/engine.ts';
import { readBytes, scanFiles } from '../../src/check/scan/scan-files.ts';
import { walk } from '../../src/check/scan/walk.ts';
import { failOnUnreadable } from '../../src/cli/unreadable-files.ts';

const BIN = path.resolve(import.meta.dirname, '../../bin/sunset.js');
// Root reads every file whatever its mode: the CLI runs as `nobody` then, as a CI runner's user would.
const NOBODY = 65534;
const asRoot = process.getuid?.() === 0;

const place = mkdtempSync(path.join(os.tmpdir(), 'sunset-unreadable-'));
chmodSync(place, 0o755);
afterAll(() => rmSync(place, { recursive: true, force: true }));

/** A repository whose CI file (holding a removed variable) and one folder may not be read. */
function lockedRepo(name: string): string {
  const repo = path.join(place, name);
  mkdirSync(path.join(repo, 'secret'), { recursive: true });
  writeFileSync(path.join(repo, '.gitlab-ci.yml'), 'job:\n  script: echo $CI_JOB_JWT\n');
  writeFileSync(path.join(repo, 'ok.yml'), 'plain: true\n');
  writeFileSync(path.join(repo, 'secret', 'deploy.yml'), 'x: 1\n');
  chmodSync(path.join(repo, '.gitlab-ci.yml'), 0o000);
  chmodSync(path.join(repo, 'secret'), 0o000);
  return repo;
}

const sunset = (args: string[], cwd: string) => {
  const result = spawnSync(process.execPath, [BIN, ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, HOME: place, NO_COLOR: '1' },
    ...(asRoot ? { uid: NOBODY, gid: NOBODY } : {}),
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
};

describe('a file or folder the walk cannot read', () => {
  const repo = lockedRepo('repo');

  it('fails check with exit 2 and one line that says how many and where, instead of a green line', () => {
    const result = sunset(['check', '.', '--to', '18.0'], repo);
    expect(result.code, result.stderr).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(result.stderr).toContain('check could not read 2 files or folders, so they were not checked:');
    expect(result.stderr).toContain('.gitlab-ci.yml (not readable (permission denied))');
    expect(result.stderr).toContain('secret (directory not readable: permission denied)');
    expect(result.stderr).toContain('--skip-unreadable');
    expect(result.stderr).not.toMatch(/\n\s+at |EACCES/);
  });

  it('fails fix the same way, and --verbose lists every one before the line', () => {
    const fixed = sunset(['fix', '.', '--to', '18.0', '--dry-run'], repo);
    expect(fixed.code, fixed.stderr).toBe(2);
    expect(fixed.stderr).toMatch(/^sunset: fix could not read 2 files or folders/);
    const verbose = sunset(['check', '.', '--to', '18.0', '--verbose'], repo);
    expect(verbose.code).toBe(2);
    expect(verbose.stderr).toContain('unreadable .gitlab-ci.yml: not readable (permission denied)\n');
    expect(verbose.stderr).toContain('unreadable secret: directory not readable: permission denied\n');
  });

  it('passes with --skip-unreadable, and every report format says what was not read', () => {
    const text = sunset(['check', '.', '--to', '18.0', '--skip-unreadable'], repo);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toContain('2 not readable, not checked (--skip-unreadable)');
    const json = JSON.parse(sunset(['check', '.', '--to', '18.0', '--skip-unreadable', '--format', 'json'], repo).stdout);
    expect(json.skipUnreadable).toBe(true);
    expect(json.unreadable.map((note: { path: string }) => note.path)).toEqual(['.gitlab-ci.yml', 'secret']);
    const junit = sunset(['check', '.', '--to', '18.0', '--skip-unreadable', '--format', 'junit'], repo).stdout;
    expect(junit).toContain('skipped="2"');
    expect(junit).toContain('<skipped message="not readable (permission denied); passed over with --skip-unreadable"/>');
    const sarif = JSON.parse(sunset(['check', '.', '--to', '18.0', '--skip-unreadable', '--format', 'sarif'], repo).stdout);
    expect(sarif.runs[0].properties.skipUnreadable).toBe(true);
    expect(
      sarif.runs[0].invocations[0].toolExecutionNotifications.map((n: { message: { text: string } }) => n.message.text),
    ).toEqual([
      '.gitlab-ci.yml was not checked: not readable (permission denied) (--skip-unreadable)',
      'secret was not checked: directory not readable: permission denied (--skip-unreadable)',
    ]);
    const quality = JSON.parse(
      sunset(['check', '.', '--to', '18.0', '--skip-unreadable', '--format', 'codequality'], repo).stdout,
    ) as { check_name: string; location: { path: string } }[];
    expect(quality.filter((issue) => issue.check_name === 'unreadable').map((issue) => issue.location.path)).toEqual([
      '.gitlab-ci.yml',
      'secret',
    ]);
  });

  it('names a few and counts the rest when many cannot be read', () => {
    const many = path.join(place, 'many');
    mkdirSync(many);
    for (let at = 1; at <= 5; at++) {
      writeFileSync(path.join(many, `f${at}.yml`), 'x: 1\n');
      chmodSync(path.join(many, `f${at}.yml`), 0o000);
    }
    const result = sunset(['check', '.', '--to', '18.0'], many);
    expect(result.code).toBe(2);
    expect(result.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(result.stderr).toContain('could not read 5 files or folders');
    expect(result.stderr).toContain('f3.yml (not readable (permission denied)) and 2 more (--verbose lists all)');
  });
});

describe('a file that vanished between the walk and the read', () => {
  it('is an unreadable skip, which fails the run', () => {
    const root = mkdtempSync(path.join(place, 'vanish-'));
    writeFileSync(path.join(root, 'gone.yml'), 'x: 1\n');
    writeFileSync(path.join(root, 'kept.yml'), 'x: 1\n');
    const { files } = walk(['.'], root);
    rmSync(path.join(root, 'gone.yml'));
    const missing = readBytes(path.join(root, 'gone.yml'), 1024);
    expect(missing).toEqual({ reason: 'not readable (no such file or directory)', unreadable: true });
    const output = scanFiles(files, createEngine([], { configDir: '.gitlab' }));
    expect(output.skipped).toEqual([{ path: 'gone.yml', reason: 'not readable (no such file or directory)', unreadable: true }]);
    expect(() =>
      failOnUnreadable('check', output.skipped, { skip: false, verbose: false, stderr: { write: () => true } }),
    ).toThrow(
      'check could not read 1 file or folder, so they were not checked: gone.yml (not readable (no such file or directory))',
    );
    expect(() =>
      failOnUnreadable('check', output.skipped, { skip: true, verbose: false, stderr: { write: () => true } }),
    ).not.toThrow();
  });

  it('is not confused with a file skipped on purpose (too large)', () => {
    const root = mkdtempSync(path.join(place, 'large-'));
    writeFileSync(path.join(root, 'big.yml'), 'x'.repeat(200));
    expect(readBytes(path.join(root, 'big.yml'), 100)).toEqual({ reason: 'larger than the size limit (200 > 100 bytes)' });
    expect(readBytes(path.join(root, 'big.yml'), 200)).toEqual(Buffer.from('x'.repeat(200)));
  });
});
