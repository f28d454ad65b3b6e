import { spawn, spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPOS } from '../check/run-cli.ts';

const BIN = path.resolve(import.meta.dirname, '../../bin/sunset.js');
const uses = path.join(REPOS, 'uses');
const scratch = mkdtempSync(path.join(os.tmpdir(), 'sunset-stdout-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
writeFileSync(path.join(scratch, 'clean.yml'), 'plain: true\n');

/** Runs the CLI with standard output on /dev/full, where every write fails with "no space left", as `> /dev/full`. */
function toFullDisk(args: string[]) {
  const full = openSync('/dev/full', 'w');
  try {
    const result = spawnSync(process.execPath, [BIN, ...args], { cwd: uses, encoding: 'utf8', stdio: ['ignore', full, 'pipe'] });
    return { code: result.status, stderr: result.stderr };
  } finally {
    closeSync(full);
  }
}

describe.runIf(process.platform === 'linux')('standard output that cannot be written to', () => {
  it.each([
    ['check, text', ['check', scratch, '--to', '18.0']],
    ['check, json', ['check', scratch, '--to', '18.0', '--format', 'json']],
    ['check with findings', ['check', '.', '--to', '18.0']],
    ['fix --dry-run', ['fix', '.', '--to', '18.0', '--dry-run']],
    ['plan', ['plan', '--from', '17.0', '--to', '18.0']],
    ['validate', ['validate', '.gitlab/analytics']],
    ['--version', ['--version']],
    ['--help', ['--help']],
    ['readiness --help', ['readiness', '--help']],
    ['reference --help', ['reference', '--help']],
    ['import --help', ['import', '--help']],
  ])('%s: exit 2 and one line, no stack trace', (_label, args) => {
    const result = toFullDisk(args);
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr).toBe('sunset: cannot write to standard output: no space left on the device\n');
  });

  it('stays quiet when the reader closes the pipe (sunset plan | head), keeping the exit code', async () => {
    const child = spawn(process.execPath, [BIN, 'check', '.', '--to', '18.0', '--verbose', '--format', 'sarif'], {
      cwd: uses,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    // Closed before the first byte: every write meets a closed pipe (EPIPE), which must stay quiet.
    child.stdout.destroy();
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    const told = stderr.split('\n').filter((line) => line !== '' && !/^(skipped |sunset: register read)/.test(line));
    expect(told).toEqual([]);
    expect(code).toBe(1);
  });
});
