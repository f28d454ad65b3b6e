import { chmodSync, chownSync, lstatSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { compileCacheDir } from '../../bin/compile-cache-dir.js';

const uid = process.getuid?.() ?? 0;
let tmp: string;
const saved = { ...process.env };
beforeEach(() => {
  delete process.env.NODE_COMPILE_CACHE;
  delete process.env.NODE_DISABLE_COMPILE_CACHE;
});
afterEach(() => {
  rmSync(tmp, { recursive: true, force: true });
  for (const name of ['NODE_COMPILE_CACHE', 'NODE_DISABLE_COMPILE_CACHE'] as const) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
});
const fresh = () => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'sunset-cache-dir-'));
  return tmp;
};
const named = (root: string) => path.join(root, `sunset-compile-cache-${uid}`);

describe.skipIf(process.platform === 'win32')("sunset's default compile cache directory", () => {
  it('is made per user, readable and writable by that user alone, and used again once it exists', () => {
    const root = fresh();
    expect(compileCacheDir(root)).toBe(named(root));
    expect(lstatSync(named(root)).mode & 0o777).toBe(0o700);
    expect(compileCacheDir(root)).toBe(named(root));
  });

  it('is not used when others may write to it', () => {
    const root = fresh();
    mkdirSync(named(root));
    chmodSync(named(root), 0o777);
    expect(compileCacheDir(root)).toBeUndefined();
    chmodSync(named(root), 0o775);
    expect(compileCacheDir(root)).toBeUndefined();
    chmodSync(named(root), 0o755);
    expect(compileCacheDir(root)).toBe(named(root));
  });

  it('is not used when the name is a symbolic link, even to a directory of this user', () => {
    const root = fresh();
    const elsewhere = path.join(root, 'elsewhere');
    mkdirSync(elsewhere, { mode: 0o700 });
    symlinkSync(elsewhere, named(root));
    expect(compileCacheDir(root)).toBeUndefined();
  });

  it.skipIf(uid !== 0)('is not used when another user made it first', () => {
    const root = fresh();
    mkdirSync(named(root), { mode: 0o700 });
    chownSync(named(root), 65534, 65534);
    expect(compileCacheDir(root)).toBeUndefined();
  });

  it('gives way to NODE_COMPILE_CACHE, and is none under NODE_DISABLE_COMPILE_CACHE', () => {
    const root = fresh();
    process.env.NODE_COMPILE_CACHE = path.join(root, 'chosen');
    expect(compileCacheDir(root)).toBe(path.join(root, 'chosen'));
    process.env.NODE_DISABLE_COMPILE_CACHE = '1';
    expect(compileCacheDir(root)).toBeUndefined();
  });

  it('is none when it cannot be made', () => {
    const root = fresh();
    expect(compileCacheDir(path.join(root, 'missing', 'tmp'))).toBeUndefined();
  });
});
