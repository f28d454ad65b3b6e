import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/cli.ts';
import { loadRegister } from '../../src/register/index.ts';
import { REPOS, runCli } from '../check/run-cli.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'sunset-readiness-one-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('sunset readiness on one scan', () => {
  it('gives readiness.json a one-point trend, draws no trend chart, and shows entry titles without Markdown backticks', async () => {
    const check = await runCli(
      ['check', '.', '--to', '18.0', '--format', 'json', '--project', 'team/uses'],
      path.join(REPOS, 'uses'),
    );
    mkdirSync(path.join(dir, 'reports'));
    writeFileSync(path.join(dir, 'reports', 'uses.json'), check.stdout);
    const result = await runCli(['readiness', 'reports', '--out', 'site'], dir);
    expect(result.code, result.stderr).toBe(0);
    const json = JSON.parse(readFileSync(path.join(dir, 'site', 'readiness.json'), 'utf8')) as {
      trend?: { points: { projects: number; findings: number }[]; byEntry: Record<string, number[]> };
      totals: { findings: number };
    };
    expect(json.trend?.points).toHaveLength(1);
    expect(json.trend?.points[0]).toMatchObject({ projects: 1, findings: json.totals.findings });
    expect(Object.values(json.trend?.byEntry ?? {}).every((series) => series.length === 1)).toBe(true);
    const pages = readdirSync(path.join(dir, 'site'), { recursive: true, encoding: 'utf8' }).filter((name) =>
      name.endsWith('.html'),
    );
    expect(pages).not.toContain('trends.html');
    // Titles such as "The `only` keyword…" are inline Markdown: code, never literal backticks.
    const withBackticks = pages.filter((name) => readFileSync(path.join(dir, 'site', name), 'utf8').includes('`'));
    expect(withBackticks).toEqual([]);
    expect(readFileSync(path.join(dir, 'site', 'coverage.html'), 'utf8')).toContain('<code>');
    // Not a terminal (a CI log): the one summary line and no progress.
    expect(result.stderr.split('\n').filter(Boolean)).toEqual([
      expect.stringMatching(/^sunset: readiness for 18\.0: 0 of 1 projects ready/),
    ]);
  });

  it('shows progress on standard error when it is a terminal, and clears it', async () => {
    const register = await loadRegister();
    let stderr = '';
    const code = await main(['readiness', 'reports', '--out', 'site-tty'], {
      stdout: { write: () => true },
      stderr: { write: (text: string) => (stderr += text), isTTY: true },
      cwd: dir,
      env: {},
      loadRegister: async () => ({ register, source: 'content' }),
    });
    expect(code).toBe(0);
    expect(stderr).toContain('\r\x1b[Ksunset: reading reports 1 of 1');
    expect(stderr).toContain('\r\x1b[Ksunset: writing projects 1 of 1');
    expect(stderr).toContain('\r\x1b[Ksunset: readiness for 18.0');
  });
});
