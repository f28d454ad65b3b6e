import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { detectRuleSchema } from '../../src/schemas/detect-rule.ts';
import { runCli } from '../check/run-cli.ts';
import { PLATFORM } from './fixture-data.ts';

const work = mkdtempSync(path.join(os.tmpdir(), 'sunset-import-cli-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('sunset import', () => {
  it('imports a folder and the upgrade path, reports each left-out item as file:line, and ends with the counts', async () => {
    const out = path.join(work, 'out');
    const result = await runCli(
      ['import', 'data/deprecations', '--upgrade-path', 'config/upgrade_path.yml', '--out', out],
      PLATFORM,
    );
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('');
    const lines = result.stderr.trim().split('\n');
    expect(lines).toContain(
      'data/deprecations/16-3-placeholder-removal.yml:3: removal_milestone "XX.YY" is a placeholder, not a release; fill it in (such as "17.0") (left out)',
    );
    expect(lines).toContain(
      'data/deprecations/16-6-yaml-error.yml:1: YAML syntax: Missing closing "quote; nothing in this file is imported',
    );
    expect(lines.at(-1)).toBe(
      `sunset: import read 45 file(s), 52 item(s); 38 entries written to ${out}; 16 skipped (2 file not read (YAML), 3 placeholder milestone or date, 3 missing field, 7 malformed field, 1 duplicate title); 13 upgrade stop(s)`,
    );
    expect(readdirSync(out).sort()).toEqual(['areas.yaml', 'register', 'upgrade-path.yaml']);
  });

  it('imports single files too', async () => {
    const out = path.join(work, 'single');
    const result = await runCli(
      ['import', 'data/deprecations/14-8-build-variables.yml', 'data/deprecations/14-9-distribution-changes.yml', '--out', out],
      PLATFORM,
    );
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(/read 2 file\(s\), 4 item\(s\); 4 entries written/);
  });

  it('prints candidate rules with --suggest-rules and writes nothing without --out', async () => {
    const result = await runCli(['import', 'data/deprecations', '--suggest-rules'], PLATFORM);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^# Candidate detect: blocks, for review: none is applied/);
    const block = result.stdout.split('\n# ').find((part) => part.startsWith('14-8-build-variables:'));
    const detect = (parse(block?.slice(block.indexOf('\n')) ?? '') as { detect: unknown[] }).detect;
    expect(detect.map((rule) => detectRuleSchema.parse(rule)).map((rule) => ('name' in rule ? rule.name : ''))).toEqual([
      'CI_BUILD_ID',
      'CI_BUILD_NAME',
      'CI_BUILD_REF',
      'CI_BUILD_TOKEN',
    ]);
    expect(result.stderr).toMatch(/38 importable/);
    expect(existsSync(path.join(PLATFORM, 'register'))).toBe(false);
  });

  it('exits 2 when nothing can be read, and 1 when items were read but none imported', async () => {
    const empty = path.join(work, 'empty');
    mkdirSync(empty);
    const none = await runCli(['import', empty, '--out', path.join(work, 'o1')], work);
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/nothing could be read: no item in the files given\n$/);
    const broken = await runCli(['import', 'data/deprecations/16-6-yaml-error.yml', '--out', path.join(work, 'o2')], PLATFORM);
    expect(broken.code).toBe(2);
    const bad = path.join(work, 'bad');
    mkdirSync(bad);
    writeFileSync(path.join(bad, 'x.yml'), '- title: only a title\n');
    const skipped = await runCli(['import', bad, '--out', path.join(work, 'o3')], work);
    expect(skipped.code).toBe(1);
    expect(skipped.stderr).toContain('bad/x.yml:1: the item has no body (left out)');
  });

  it.each([
    [['import', '--out', 'x'], /give the folder of deprecation files/],
    [['import', 'data/deprecations'], /--out <dir> is required/],
    [['import', 'no-such-folder', '--out', 'x'], /no-such-folder does not exist/],
    [['import', 'data/deprecations', '--upgrade-path', 'nope.yml', '--suggest-rules'], /--upgrade-path nope.yml is not a file/],
    [['import', 'data/deprecations', '--out', 'config'], /--out config holds files but is not a register folder/],
    [['import', 'data/deprecations', '--register', 'x', '--out', 'y'], /Unknown option '--register'/],
  ])('refuses %j with exit 2 and one line', async (args, message) => {
    const result = await runCli(args, PLATFORM);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(message);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('explains itself with --help', async () => {
    const result = await runCli(['import', '--help'], PLATFORM);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^Usage: sunset import <folder\|file>… --out <dir>/);
    expect((await runCli(['--help'], PLATFORM)).stdout).toContain('import <folder> --out <dir>');
  });
});
