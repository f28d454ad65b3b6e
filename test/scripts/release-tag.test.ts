import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const SCRIPT = path.resolve(import.meta.dirname, '../../scripts/release-tag.ts');
const place = mkdtempSync(path.join(os.tmpdir(), 'sunset-release-test-'));
afterAll(() => rmSync(place, { recursive: true, force: true }));

const repo = path.join(place, 'repo');
const staged = path.join(place, 'staged');
mkdirSync(repo);
mkdirSync(path.join(staged, 'lib'), { recursive: true });
writeFileSync(path.join(staged, 'package.json'), '{ "name": "sunset-register", "version": "0.1.0" }\n');
writeFileSync(path.join(staged, 'lib', 'cli.js'), 'export {};\n');
const git = (...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=T', '-c', 'user.email=t@example.com', ...args], { cwd: repo, encoding: 'utf8' }).trim();
git('init', '--quiet');
writeFileSync(path.join(repo, 'README.md'), 'x\n');
git('add', '.');
git('commit', '--quiet', '-m', 'first');

const release = () => spawnSync(process.execPath, [SCRIPT, '--repo', repo, '--package', staged], { encoding: 'utf8' });

describe('npm run release', () => {
  it('tags the version once, and a second run exits 2 with one line that says what to do', () => {
    const first = release();
    expect(first.status, first.stderr).toBe(0);
    const tagged = git('rev-parse', '0.1.0^{commit}');
    expect(first.stdout).toBe(`0.1.0 ${tagged}\n`);
    expect(git('show', '0.1.0:lib/cli.js')).toBe('export {};');

    const second = release();
    expect(second.status).toBe(2);
    expect(second.stdout).toBe('');
    expect(second.stderr).toBe(
      `release: the tag 0.1.0 already exists (commit ${tagged.slice(0, 12)}): a released version is never moved; raise "version" in package.json for a new release\n`,
    );
    // The tag did not move.
    expect(git('rev-parse', '0.1.0^{commit}')).toBe(tagged);
  });

  it('releases the next version beside the old one', () => {
    writeFileSync(path.join(staged, 'package.json'), '{ "name": "sunset-register", "version": "0.1.1" }\n');
    const next = release();
    expect(next.status, next.stderr).toBe(0);
    expect(git('tag', '--list')).toBe('0.1.0\n0.1.1');
  });
});
