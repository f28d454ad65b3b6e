import { spawnSync } from 'node:child_process';
import { chmodSync, cpSync, mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { run } from './processes.ts';

const packed = inject('packed');
const bin = path.join(packed.consumer, 'node_modules', '.bin', 'sunset');

// A user who owns nothing here, for faults root never meets (a folder it may not write, a file it may not read).
const NOBODY = 65534;
const asRoot = process.getuid?.() === 0;
// Everything the other user runs must be reachable: the scratch folder is made private by mkdtemp.
if (asRoot) chmodSync(packed.work, 0o755);

const place = mkdtempSync(path.join(packed.work, 'faults-'));
chmodSync(place, 0o755);
cpSync(path.join(packed.root, 'test', 'fixtures', 'repos', 'uses'), path.join(place, 'repo'), { recursive: true });
const repo = path.join(place, 'repo');
writeFileSync(path.join(place, 'a-file'), 'not a folder\n');
symlinkSync('loop', path.join(repo, 'loop'));
// Owned by root, writable by root alone; a private file in it.
const locked = path.join(place, 'locked');
mkdirSync(locked);
chmodSync(locked, 0o755);
writeFileSync(path.join(repo, 'private.yml'), 'job:\n  script: echo $CI_JOB_JWT\n');
chmodSync(path.join(repo, 'private.yml'), 0o600);
const report = run(process.execPath, [bin, 'check', repo, '--to', '18.0', '--format', 'json', '--project', 'g/p'], place);
const reports = path.join(place, 'reports');
mkdirSync(reports);
writeFileSync(path.join(reports, 'sunset-report.json'), report.stdout);

const NODES = [
  ['Node 24', process.execPath],
  ['Node 22', packed.node22],
] as const;

describe.each(NODES)('the installed package on %s: an I/O fault is exit 2 and one line', (_label, node) => {
  const sunset = (args: string[], options: { uid?: number } = {}) => {
    const result = spawnSync(node, [bin, ...args], {
      cwd: repo,
      encoding: 'utf8',
      ...(options.uid === undefined ? {} : { uid: options.uid, gid: options.uid, env: { ...process.env, HOME: place } }),
    });
    return { code: result.status, stdout: result.stdout, stderr: result.stderr };
  };
  /** Runs a command that must fail on a fault: exit 2, one line naming the path, no stack trace. */
  const fault = (args: string[], options: { uid?: number } = {}) => {
    const result = sunset(args, options);
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr.trimEnd().split('\n'), result.stderr).toHaveLength(1);
    expect(result.stderr).not.toMatch(/\n\s+at |Error:|node:internal/);
    expect(result.stderr).not.toMatch(/\bE[A-Z]{3,}\b/);
    return result.stderr;
  };

  it('refuses --output into a missing folder or onto a folder', () => {
    expect(fault(['check', '.', '--to', '18.0', '--format', 'json', '--output', 'out/r.json'])).toContain(
      'the folder out does not exist; create it first',
    );
    expect(fault(['check', '.', '--to', '18.0', '--format', 'sarif', '--output', 'scripts'])).toContain(
      'cannot write the sarif report to scripts: it is a directory',
    );
    expect(fault(['check', '.', '--to', '18.0', '--report', 'junit=missing/junit.xml'])).toContain('missing does not exist');
  });

  it('refuses a baseline in a missing folder, or one that is a folder', () => {
    expect(fault(['check', '.', '--to', '18.0', '--update-baseline', '--baseline', 'none/base.json'])).toContain(
      'cannot write the baseline to none/base.json',
    );
    expect(fault(['check', '.', '--to', '18.0', '--baseline', 'scripts'])).toContain(
      'cannot read the baseline scripts: it is a directory',
    );
  });

  it('refuses readiness --out onto a file', () => {
    expect(fault(['readiness', reports, '--out', path.join(place, 'a-file')])).toContain('is a file; give a folder');
  });

  it('refuses a named path that is a symbolic link loop, in words', () => {
    expect(fault(['check', 'loop', '--to', '18.0'])).toContain('cannot read loop: too many symbolic links');
  });

  it.runIf(asRoot)('refuses readiness --out in a folder the user may not write, and a report there', () => {
    expect(fault(['readiness', reports, '--out', path.join(locked, 'site')], { uid: NOBODY })).toContain(
      'permission denied; give a folder you can write to',
    );
    // --skip-unreadable: the repository's private.yml would otherwise stop the run before the report is written.
    const report = ['check', '.', '--to', '18.0', '--skip-unreadable', '--report', `json=${path.join(locked, 'r.json')}`];
    expect(fault(report, { uid: NOBODY })).toContain('cannot write the json report to');
  });

  it.runIf(asRoot)('refuses an explicitly named file it cannot read instead of skipping it', () => {
    expect(fault(['check', 'private.yml', '--to', '18.0'], { uid: NOBODY })).toBe(
      'sunset: cannot read private.yml: permission denied\n',
    );
    // Found by the walk rather than named, the same file fails the gate too: what is not read is not checked.
    expect(fault(['check', '.', '--to', '18.0', '--fail-on', 'never'], { uid: NOBODY })).toContain(
      'check could not read 1 file or folder, so they were not checked: private.yml (not readable (permission denied))',
    );
    // The user may opt out; the file is then listed with --verbose.
    const walked = sunset(['check', '.', '--to', '18.0', '--verbose', '--fail-on', 'never', '--skip-unreadable'], {
      uid: NOBODY,
    });
    expect(walked.code, walked.stderr).toBe(0);
    expect(walked.stdout).toContain('private.yml: not readable (permission denied)');
  });
});
