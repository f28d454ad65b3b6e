/**
 * A data directory on a full disk is refused at start with a message that says the disk is full (making it
 * "writable" helps nobody), whether SQLite reports the full disk itself or as an I/O error. Needs a tiny
 * tmpfs of its own, so it runs where the tests may mount one (as root in CI) and is skipped elsewhere.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startDurable } from './durable-host.ts';

const mounts: string[] = [];
afterEach(() => {
  for (const mount of mounts.splice(0)) {
    execFileSync('umount', [mount]);
    rmSync(mount, { recursive: true, force: true });
  }
});

/** A tmpfs of `kib` KiB with `fill` KiB already written, or undefined where none may be mounted. */
function tinyDisk(kib: number, fill: number): string | undefined {
  const mount = mkdtempSync(path.join(tmpdir(), 'sunset-full-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${kib}k`, 'tmpfs', mount], { stdio: 'ignore' });
  } catch {
    rmSync(mount, { recursive: true, force: true });
    return undefined;
  }
  mounts.push(mount);
  try {
    writeFileSync(path.join(mount, 'filler'), Buffer.alloc(fill * 1024));
  } catch {
    // A filler larger than the disk leaves it full, which is what it is for.
  }
  return mount;
}

const canMount = (() => {
  if (process.getuid?.() !== 0) return false;
  const mount = tinyDisk(16, 0);
  if (!mount) return false;
  execFileSync('umount', [mounts.pop() as string]);
  return true;
})();

const refusal = (dataDir: string) =>
  startDurable(dataDir).then(
    async (server) => {
      await server.close();
      return 'started';
    },
    (error: Error) => error.message,
  );

describe.skipIf(!canMount)('a data directory on a full disk', () => {
  it('is refused at start, saying the disk is full, when nothing more fits', async () => {
    const disk = tinyDisk(128, 200) as string;
    const message = await refusal(path.join(disk, 'data'));
    expect(message).toMatch(/cannot be (locked|written|created or opened): the disk is full \(.*\); free space on it/);
    expect(message).not.toContain('writable');
  });

  it('is refused at start, saying the disk is full, when SQLite reports it as an I/O error', async () => {
    const disk = tinyDisk(128, 100) as string;
    const message = await refusal(path.join(disk, 'data'));
    expect(message).toMatch(/reference\.sqlite cannot be written: the disk is full \(disk I\/O error\); free space on it/);
  });

  it('starts on the same disk once there is room', async () => {
    const disk = tinyDisk(1024, 0) as string;
    expect(await refusal(path.join(disk, 'data'))).toBe('started');
  });
});
