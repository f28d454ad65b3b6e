import { execFileSync, spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const bin = path.join(root, 'bin', 'sunset.js');

describe('bin/sunset.js', () => {
  it('runs as a plain script: help, version and a check with its exit code', () => {
    expect(execFileSync(process.execPath, [bin, '--help'], { encoding: 'utf8' })).toContain('Usage: sunset <command>');
    expect(execFileSync(process.execPath, [bin, '--version'], { encoding: 'utf8' }).trim()).toMatch(/^\d+\.\d+\.\d+/);
    const check = spawnSync(process.execPath, [bin, 'check', 'test/fixtures/repos/uses/scripts', '--to', '18.0'], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(check.status).toBe(1);
    expect(check.stdout).toContain('runner-register-arguments-removed');
  });

  it('exits 2 with a message on a usage error', () => {
    const result = spawnSync(process.execPath, [bin, 'check', '.', '--to', 'latest'], { cwd: root, encoding: 'utf8' });
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('"latest" (to) is not a release');
  });
});
