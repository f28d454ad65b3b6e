// Where `sunset` keeps compiled code between runs when `NODE_COMPILE_CACHE` does not say: a directory of
// this user's own in the temporary directory. Compiled code found there is run, and the temporary directory
// is shared by every user of the machine, so the directory is used only when this user owns it and no one
// else may write to it; otherwise (another user made it first, or loosened it) `sunset` runs uncached, only
// more slowly. On Windows the temporary directory is already the user's own. Plain JavaScript, since
// bin/sunset.js needs it before any compiled code loads; the built CLI bundles the same file.

// Taken rather than imported, as in bin/sunset.js.
const { lstatSync, mkdirSync } = process.getBuiltinModule('node:fs');
const os = process.getBuiltinModule('node:os');
const path = process.getBuiltinModule('node:path');

/**
 * The compile cache directory to use: `NODE_COMPILE_CACHE` when set, none when `NODE_DISABLE_COMPILE_CACHE`
 * is, else the user's own directory under `tmp`, or none when that is not safely the user's.
 * @param {string} [tmp]
 * @returns {string | undefined}
 */
export function compileCacheDir(tmp = os.tmpdir()) {
  if (process.env.NODE_DISABLE_COMPILE_CACHE) return undefined;
  if (process.env.NODE_COMPILE_CACHE) return process.env.NODE_COMPILE_CACHE;
  const uid = process.getuid?.();
  const dir = path.join(tmp, uid === undefined ? 'sunset-compile-cache' : `sunset-compile-cache-${uid}`);
  try {
    mkdirSync(dir, { mode: 0o700 });
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'EEXIST') return undefined;
  }
  if (uid === undefined) return dir;
  try {
    // lstat: a symbolic link planted in the name is not followed to a directory someone else chose.
    const stat = lstatSync(dir);
    return stat.isDirectory() && stat.uid === uid && (stat.mode & 0o022) === 0 ? dir : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Turns Node's compile cache on in {@link compileCacheDir}, and names it in `NODE_COMPILE_CACHE` so the
 * scan's worker threads use the same one.
 */
export function enableCompileCache() {
  const dir = compileCacheDir();
  if (!dir) return;
  process.env.NODE_COMPILE_CACHE = dir;
  process.getBuiltinModule('node:module').enableCompileCache?.(dir);
}
