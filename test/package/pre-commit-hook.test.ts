import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { parse } from 'yaml';
import { run } from './processes.ts';

const packed = inject('packed');

interface Hook {
  id: string;
  entry: string;
  language: string;
  args?: string[];
  types?: string[];
}

const hooks = parse(readFileSync(path.join(packed.root, '.pre-commit-hooks.yaml'), 'utf8')) as Hook[];
const hook = hooks.find((candidate) => candidate.id === 'sunset-check');
const repo = mkdtempSync(path.join(packed.work, 'pre-commit-'));
cpSync(path.join(packed.root, 'test', 'fixtures', 'repos', 'uses'), repo, { recursive: true });
// The hook gives no --to: the repository's settings file does, as the README says.
const SETTINGS = 'to: "18.0"\n';
writeFileSync(path.join(repo, '.sunset.yml'), SETTINGS);

/**
 * Runs the hook as pre-commit does: the entry's words, then the hook's args, then the staged files' names
 * relative to the repository root, with the hook environment's bin folder on PATH.
 */
function runHook(files: string[]) {
  if (!hook) throw new Error('no sunset-check hook');
  const [command = '', ...words] = hook.entry.split(/\s+/);
  const env = { PATH: `${path.join(packed.consumer, 'node_modules', '.bin')}${path.delimiter}${process.env.PATH}` };
  return run(command, [...words, ...(hook.args ?? []), ...files], repo, env);
}

describe('.pre-commit-hooks.yaml', () => {
  it('declares the sunset-check hook as a node hook with no --to of its own, which would override .sunset.yml', () => {
    expect(hook).toMatchObject({ entry: 'sunset check --force-exclude', language: 'node' });
    expect(hook?.args ?? []).not.toContain('--to');
  });

  it('reads .sunset.yml: its to, and its fail-on and rules change the outcome', () => {
    const staged = ['scripts/register-runner.sh'];
    const settings = path.join(repo, '.sunset.yml');
    try {
      writeFileSync(settings, 'offering: hosted\n');
      const noRelease = runHook(staged);
      expect(noRelease.code).toBe(2);
      expect(noRelease.stderr).toContain('--to <release> is required (or to: in .sunset.yml)');
      writeFileSync(settings, `${SETTINGS}fail-on: never\n`);
      const never = runHook(staged);
      expect(never.code, never.stderr).toBe(0);
      expect(never.stdout).toContain('runner-register-arguments-removed');
      writeFileSync(
        settings,
        `${SETTINGS}rules:\n  runner-register-arguments-removed: off\n  runner-registration-token-removed: off\n`,
      );
      const off = runHook(staged);
      expect(off.code, off.stdout + off.stderr).toBe(0);
      expect(off.stdout).toContain('runner-register-arguments-removed off');
    } finally {
      writeFileSync(settings, SETTINGS);
    }
  });

  it('fails on staged files that use what the release removes, naming them', () => {
    const result = runHook(['scripts/register-runner.sh', '.gitlab-ci.yml', 'docs/upgrade.md']);
    expect(result.code, result.stderr).toBe(1);
    expect(result.stdout).toContain('scripts/register-runner.sh');
    expect(result.stdout).toContain('runner-register-arguments-removed');
  });

  it('leaves out staged files that .sunsetignore ignores, as a scan of the repository does', () => {
    const ignoreFile = path.join(repo, '.sunsetignore');
    const kept = readFileSync(ignoreFile, 'utf8');
    writeFileSync(ignoreFile, `${kept}scripts/\n`);
    try {
      const result = runHook(['scripts/register-runner.sh']);
      expect(result.code, result.stdout + result.stderr).toBe(0);
      expect(result.stdout).not.toContain('runner-register-arguments-removed');
    } finally {
      writeFileSync(ignoreFile, kept);
    }
  });

  it('passes on staged files with nothing to find', () => {
    writeFileSync(path.join(repo, 'scripts', 'build.sh'), '#!/bin/sh\nnpm ci && npm run build\n');
    const result = runHook(['scripts/build.sh']);
    expect(result.code, result.stdout + result.stderr).toBe(0);
  });
});
