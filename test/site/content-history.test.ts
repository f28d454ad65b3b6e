import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseHistory, readContentHistory } from '../../src/site/content-history.ts';

const log = [
  '',
  'c3 2026-03-01T10:00:00+00:00\n\ncontent/limits.yaml\ncontent/register/18.0/b.yaml\n',
  'c2 2026-02-01T10:00:00+00:00\n\ncontent/register/18.0/a.yaml\ncontent/limits.yaml\n',
  'c1 2026-01-01T10:00:00+00:00\n\ncontent/errors.yaml\ncontent/register/18.0/a.yaml\n',
].join('\0');

describe('parseHistory', () => {
  it('keeps the newest commit of each path', () => {
    const dates = parseHistory(log);
    expect(dates.get('content/limits.yaml')?.toISOString()).toBe('2026-03-01T10:00:00.000Z');
    expect(dates.get('content/register/18.0/a.yaml')?.toISOString()).toBe('2026-02-01T10:00:00.000Z');
    expect(dates.get('content/errors.yaml')?.toISOString()).toBe('2026-01-01T10:00:00.000Z');
  });

  it('leaves out a path whose newest commit is a shallow boundary, and only that path', () => {
    const dates = parseHistory(log, new Set(['c1']));
    expect(dates.has('content/errors.yaml')).toBe(false);
    // Changed after the boundary too: its date is known.
    expect(dates.get('content/register/18.0/a.yaml')?.toISOString()).toBe('2026-02-01T10:00:00.000Z');
  });

  it('knows nothing when every commit is a boundary (a clone of depth 1)', () => {
    expect(parseHistory(log, new Set(['c1', 'c2', 'c3'])).size).toBe(0);
  });
});

const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', args, {
    cwd,
    encoding: 'utf8',
    env: {
      ...process.env,
      GIT_AUTHOR_NAME: 'Writer',
      GIT_AUTHOR_EMAIL: 'writer@example.com',
      GIT_COMMITTER_NAME: 'Writer',
      GIT_COMMITTER_EMAIL: 'writer@example.com',
    },
  });

describe('readContentHistory on a real repository', () => {
  let work: string;
  let repo: string;
  const commit = (file: string, text: string, date: string) => {
    mkdirSync(path.dirname(path.join(repo, file)), { recursive: true });
    writeFileSync(path.join(repo, file), text);
    git(repo, 'add', '-A');
    execFileSync('git', ['commit', '-q', '-m', `change ${file}`], {
      cwd: repo,
      env: {
        ...process.env,
        GIT_AUTHOR_NAME: 'Writer',
        GIT_AUTHOR_EMAIL: 'writer@example.com',
        GIT_COMMITTER_NAME: 'Writer',
        GIT_COMMITTER_EMAIL: 'writer@example.com',
        GIT_AUTHOR_DATE: date,
        GIT_COMMITTER_DATE: date,
      },
    });
  };

  beforeAll(() => {
    work = mkdtempSync(path.join(os.tmpdir(), 'sunset-history-'));
    repo = path.join(work, 'repo');
    mkdirSync(repo);
    git(repo, 'init', '-q', '-b', 'main');
    commit('content/errors.yaml', 'a: 1\n', '2026-01-10T12:00:00Z');
    commit('content/register/18.0/a.yaml', 'id: a\n', '2026-02-10T12:00:00Z');
    commit('content/limits.yaml', 'b: 1\n', '2026-03-10T12:00:00Z');
    commit('README.md', 'outside content\n', '2026-04-10T12:00:00Z');
  });
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('dates files and folders from the content directory, and names them from the repository root', async () => {
    const history = await readContentHistory(path.join(repo, 'content'));
    expect(history.lastChanged('errors.yaml')?.toISOString()).toBe('2026-01-10T12:00:00.000Z');
    expect(history.lastChanged('register/18.0')?.toISOString()).toBe('2026-02-10T12:00:00.000Z');
    expect(history.lastChanged('register/18.0/missing.yaml')).toBeUndefined();
    expect(history.fromRoot('limits.yaml')).toBe('content/limits.yaml');
    // A merged register folder outside the content directory has no path in this repository.
    expect(history.fromRoot('/elsewhere/x.yaml')).toBeUndefined();
  });

  it('in a shallow clone of depth 1 gives no dates rather than the clone date for every file', async () => {
    const clone = path.join(work, 'shallow');
    git(work, 'clone', '-q', '--depth', '1', `file://${repo}`, clone);
    const history = await readContentHistory(path.join(clone, 'content'));
    expect(history.lastChanged('limits.yaml')).toBeUndefined();
    expect(history.lastChanged('errors.yaml')).toBeUndefined();
    expect(history.fromRoot('limits.yaml')).toBe('content/limits.yaml');
  });

  it('in a shallow clone of depth 3 dates what changed after the boundary, and nothing at or before it', async () => {
    const clone = path.join(work, 'shallow-3');
    git(work, 'clone', '-q', '--depth', '3', `file://${repo}`, clone);
    const history = await readContentHistory(path.join(clone, 'content'));
    // Held: README (newest), limits.yaml, then a.yaml's commit, which is the boundary.
    expect(history.lastChanged('limits.yaml')?.toISOString()).toBe('2026-03-10T12:00:00.000Z');
    expect(history.lastChanged('register/18.0/a.yaml')).toBeUndefined();
    expect(history.lastChanged('errors.yaml')).toBeUndefined();
  });

  it('outside any repository gives no dates and still names the file to edit', async () => {
    const plain = path.join(work, 'plain', 'content');
    mkdirSync(plain, { recursive: true });
    writeFileSync(path.join(plain, 'limits.yaml'), 'b: 1\n');
    const history = await readContentHistory(plain);
    expect(history.lastChanged('limits.yaml')).toBeUndefined();
    expect(history.fromRoot('limits.yaml')).toBe('content/limits.yaml');
  });
});
