import { execFileSync } from 'node:child_process';
import { appendFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { headCommit, originUrl } from '../../../src/check/report/git-files.ts';

const root = mkdtempSync(path.join(os.tmpdir(), 'sunset-git-files-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', '-c', 'init.defaultBranch=main', ...args], {
    cwd,
    encoding: 'utf8',
  }).trim();

function repository(name: string): string {
  const dir = path.join(root, name);
  mkdirSync(path.join(dir, 'src', 'deep'), { recursive: true });
  git(dir, 'init', '-q');
  writeFileSync(path.join(dir, 'a.txt'), name);
  git(dir, 'add', 'a.txt');
  git(dir, 'commit', '-q', '-m', 'first');
  return dir;
}

describe('reading the commit and origin from .git files', () => {
  it('gives what git gives for a branch, from the root and from a subfolder, loose or packed', () => {
    const dir = repository('plain');
    const head = git(dir, 'rev-parse', 'HEAD');
    expect(headCommit(dir)).toBe(head);
    expect(headCommit(path.join(dir, 'src', 'deep'))).toBe(head);
    git(dir, 'pack-refs', '--all');
    expect(headCommit(dir)).toBe(head);
  });

  it('reads a detached HEAD and a worktree whose .git is a gitdir: file', () => {
    const dir = repository('detached');
    const first = git(dir, 'rev-parse', 'HEAD');
    writeFileSync(path.join(dir, 'b.txt'), 'b');
    git(dir, 'add', 'b.txt');
    git(dir, 'commit', '-q', '-m', 'second');
    git(dir, 'checkout', '-q', '--detach', first);
    expect(headCommit(dir)).toBe(first);
    const tree = path.join(root, 'detached-worktree');
    git(dir, 'worktree', 'add', '-q', '-b', 'side', tree, 'main');
    expect(headCommit(tree)).toBe(git(tree, 'rev-parse', 'HEAD'));
    expect(headCommit(tree)).not.toBe(first);
  });

  it('gives the origin URL, null without an origin, and leaves configs git would rewrite to git', () => {
    const dir = repository('remote');
    expect(originUrl(dir)).toBeNull();
    git(dir, 'remote', 'add', 'upstream', 'git@code.example.com:other/fork.git');
    git(dir, 'remote', 'add', 'origin', 'https://code.example.com/group/app.git');
    expect(originUrl(dir)).toBe(git(dir, 'config', '--get', 'remote.origin.url'));
    appendFileSync(path.join(dir, '.git', 'config'), '[url "git@code.example.com:"]\n\tinsteadOf = https://code.example.com/\n');
    expect(originUrl(dir)).toBeUndefined();
  });

  it('answers null for a branch with no commit yet, so git need not be asked', () => {
    const unborn = path.join(root, 'unborn');
    mkdirSync(unborn);
    git(unborn, 'init', '-q');
    expect(headCommit(unborn)).toBeNull();
    expect(originUrl(unborn)).toBeNull();
  });

  it('leaves to git what it would read elsewhere: GIT_DIR, a .git file it does not understand, reftable refs', () => {
    const dir = repository('elsewhere');
    process.env.GIT_DIR = path.join(dir, '.git');
    try {
      expect([headCommit(dir), originUrl(dir)]).toEqual([undefined, undefined]);
    } finally {
      delete process.env.GIT_DIR;
    }
    const odd = path.join(root, 'odd');
    mkdirSync(odd);
    writeFileSync(path.join(odd, '.git'), 'not a pointer\n');
    expect(headCommit(odd)).toBeUndefined();
    const table = path.join(root, 'table');
    mkdirSync(path.join(table, '.git', 'reftable'), { recursive: true });
    writeFileSync(path.join(table, '.git', 'HEAD'), 'ref: refs/heads/.invalid\n');
    expect(headCommit(table)).toBeUndefined();
  });
});
