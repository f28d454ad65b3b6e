import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { reportOrigin } from '../../src/check/report/repository-origin.ts';
import { projectFromRemote, registerVersion } from '../../src/findings/report-origin.ts';
import { loadRegister } from '../../src/register/index.ts';
import { REPOS, runCli } from '../check/run-cli.ts';

const repo = mkdtempSync(path.join(os.tmpdir(), 'sunset-origin-'));
afterAll(() => rmSync(repo, { recursive: true, force: true }));
const git = (...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], { cwd: repo, encoding: 'utf8' }).trim();

describe('where a report comes from', () => {
  it('reads the project path from remote URLs of every common shape', () => {
    expect(projectFromRemote('git@code.example.com:group/app.git')).toBe('group/app');
    expect(projectFromRemote('https://code.example.com/group/sub/app.git')).toBe('group/sub/app');
    expect(projectFromRemote('ssh://git@code.example.com:2222/group/app')).toBe('group/app');
    expect(projectFromRemote('https://user:token@code.example.com/group/app.git/')).toBe('group/app');
    expect(projectFromRemote('/srv/git/app')).toBeUndefined();
  });

  it('prefers --project, then CI_PROJECT_PATH, then the git remote; the commit from CI_COMMIT_SHA or HEAD', async () => {
    const register = await loadRegister();
    const now = new Date('2026-11-02T08:00:00Z');
    git('init', '-q');
    writeFileSync(path.join(repo, 'a.txt'), 'a');
    git('add', 'a.txt');
    git('commit', '-q', '-m', 'a');
    const head = git('rev-parse', 'HEAD');
    const bare = reportOrigin({ env: {}, cwd: repo, project: 'named/here', register, now });
    expect(bare).toEqual({
      project: 'named/here',
      commit: head,
      time: '2026-11-02T08:00:00.000Z',
      registerVersion: registerVersion(register),
    });
    git('remote', 'add', 'origin', 'git@code.example.com:team/service.git');
    // A name the user gives wins over the remote and the pipeline's variable; without one, the variable wins.
    expect(reportOrigin({ env: {}, cwd: repo, project: 'named/here', register, now }).project).toBe('named/here');
    expect(reportOrigin({ env: {}, cwd: repo, register, now }).project).toBe('team/service');
    const named = reportOrigin({ env: { CI_PROJECT_PATH: 'ci/path' }, cwd: repo, project: 'named/here', register, now });
    expect(named.project).toBe('named/here');
    const ci = reportOrigin({ env: { CI_PROJECT_PATH: 'ci/path', CI_COMMIT_SHA: 'abc123' }, cwd: repo, register, now });
    expect([ci.project, ci.commit]).toEqual(['ci/path', 'abc123']);
  });

  it('gives the register a digest that changes when a detection rule changes', async () => {
    const register = await loadRegister();
    const version = registerVersion(register);
    expect(version).toMatch(/^[0-9a-f]{16}$/);
    const entries = register.entries.map((entry) => (entry.id === 'ci-job-jwt-removed' ? { ...entry, detect: [] } : entry));
    expect(entries.filter((entry, index) => entry !== register.entries[index])).toHaveLength(1);
    const changed = { entries, errors: register.errors };
    expect(registerVersion(changed)).not.toBe(version);
  });
});

describe('sunset check --format json', () => {
  it('records project, commit, time, range, versions and the rules that ran', async () => {
    const { code, stdout } = await runCli(
      ['check', '.', '--to', '18.0', '--format', 'json', '--project', 'fixtures/uses'],
      path.join(REPOS, 'uses'),
      {
        env: { CI_COMMIT_SHA: 'feedbeef' },
      },
    );
    expect(code).toBe(1);
    const report = JSON.parse(stdout);
    expect(report).toMatchObject({
      project: 'fixtures/uses',
      commit: 'feedbeef',
      range: { to: '18.0' },
      tool: { name: 'sunset' },
    });
    expect(Date.parse(report.time)).toBeGreaterThan(Date.parse('2026-01-01'));
    expect(report.register.version).toBe(registerVersion(await loadRegister()));
    expect(report.rules).toContain('ci-job-jwt-removed');
    for (const finding of report.findings) expect(report.rules).toContain(finding.ruleId);
  });

  it('refuses a --project name that is empty or too long', async () => {
    for (const name of ['', 'x'.repeat(256)]) {
      const { code, stderr } = await runCli(['check', '.', '--to', '18.0', '--project', name], path.join(REPOS, 'clean'));
      expect(code).toBe(2);
      expect(stderr).toContain('--project must be a name of 1 to 255 characters');
    }
  });
});
