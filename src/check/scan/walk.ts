import { closeSync, type Dirent, openSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describeFault } from '../../findings/file-fault.ts';
import {
  type ExtraIgnore,
  extraLayer,
  IGNORE_FILES,
  type IgnoreLayer,
  ignoredBy,
  isIgnored,
  namedFileIgnoredBy,
  outerLayers,
  readLayer,
  repositoryRoot,
} from './ignore-rules.ts';

/** A file the walk found. */
export interface WalkedFile {
  absolute: string;
  /** Relative to the working directory, forward slashes: the path findings show. */
  path: string;
  /** Relative to the repository root (or the scanned directory outside a repository). */
  rootPath: string;
}

/** Something the walk left out on purpose, reported with `--verbose`. */
export interface SkipNote {
  path: string;
  reason: string;
  /**
   * Set when the file or folder could not be read (permissions, an I/O error, a file that vanished): what it
   * holds was not checked, so `check` and `fix` fail unless `--skip-unreadable` is given.
   */
  unreadable?: true;
}

/** What a walk leaves out besides what it must, and what it tells. */
export interface WalkOptions {
  /** Hears each file listed, with the running count, so a caller can start work early on a large tree. */
  onFile?: (count: number, file: WalkedFile) => void;
  /**
   * Files and folders never to list, by absolute path, with the reason: what this run writes (its reports,
   * its baseline) and the register folders it reads. They go to `ignored`, not `skipped`, so a second run
   * counts exactly what the first did.
   */
  exclude?: ReadonlyMap<string, string>;
  /** Also list what `.gitignore` and `.sunsetignore` leave out, in `ignored` (for `--verbose`). */
  listIgnored?: boolean;
  /**
   * Leave out files named on the command line that `.gitignore` or `.sunsetignore` ignore, as a walk leaves
   * them out (`--force-exclude`): a hook manager names every staged file, vendored ones included.
   */
  forceExclude?: boolean;
  /** Patterns read as lines of a `.sunsetignore` in their folder (the settings' `ignore:`). */
  ignore?: ExtraIgnore;
}

/** What a walk saw of the root CI file names, so finding root CI files need not ask the disk again. */
export interface CiListing {
  /** The directories the walk listed, by absolute path. */
  listed: Set<string>;
  /** Entries named `.gitlab-ci.yml` or `.gitlab-ci.yaml` in them, by absolute path, listed or not. */
  rootCi: Set<string>;
}

/** What a directory entry that is neither a file, a folder nor a symbolic link is, in words. */
const specialKind = (entry: Dirent): string =>
  entry.isFIFO()
    ? 'named pipe'
    : entry.isSocket()
      ? 'socket'
      : entry.isCharacterDevice() || entry.isBlockDevice()
        ? 'device'
        : 'not a regular file';

const isRootCiName = (name: string) => name === '.gitlab-ci.yml' || name === '.gitlab-ci.yaml';

/** A path argument that cannot be read: a usage error, not a finding. */
export class UnreadablePathError extends Error {
  readonly path: string;

  constructor(target: string, reason: string) {
    super(`cannot read ${target}: ${reason}`);
    this.name = 'UnreadablePathError';
    this.path = target;
  }
}

const toPosix = (text: string) => text.split(path.sep).join('/');
const join = (prefix: string, name: string) => (prefix === '' ? name : `${prefix}/${name}`);

/** Throws an {@link UnreadablePathError} unless a file named on the command line opens for reading. */
function assertReadable(target: string, absolute: string): void {
  try {
    closeSync(openSync(absolute, 'r'));
  } catch (error) {
    throw new UnreadablePathError(target, describeFault(error));
  }
}

/** Why `--force-exclude` leaves out a named file, or undefined when no ignore file names it. */
function forcedOut(file: string, base: string, isRepository: boolean, extra?: ExtraIgnore): string | undefined {
  const by = namedFileIgnoredBy(file, base, isRepository, extra);
  return by === undefined ? undefined : `ignored by ${by} (--force-exclude)`;
}

/**
 * Lists the files under the given paths, honouring `.gitignore` and `.sunsetignore` at every level
 * (and those above a scanned directory up to its repository root) and never entering `.git` or
 * `node_modules`.
 * A file named on the command line is read even when ignored (unless `forceExclude`), and must be
 * readable: a named file that cannot be read is an error, not a skip. Symbolic links are not followed.
 * Paths are built by joining names, not by `path.relative`, because the walk visits every file.
 */
export function walk(
  targets: readonly string[],
  cwd: string,
  onFileOrOptions?: ((count: number) => void) | WalkOptions,
): { files: WalkedFile[]; skipped: SkipNote[]; ignored: SkipNote[]; listing: CiListing } {
  const options: WalkOptions = typeof onFileOrOptions === 'function' ? { onFile: onFileOrOptions } : (onFileOrOptions ?? {});
  const { onFile, exclude, listIgnored, forceExclude, ignore: extra } = options;
  const files: WalkedFile[] = [];
  const skipped: SkipNote[] = [];
  const ignored: SkipNote[] = [];
  const listing: CiListing = { listed: new Set(), rootCi: new Set() };
  // Only several targets can name a file twice (`. src`): one directory's walk meets each file once, so it
  // skips remembering every path, a measurable share of a large walk.
  const seen = targets.length > 1 ? new Set<string>() : undefined;

  for (const target of targets) {
    const absolute = path.resolve(cwd, target);
    let stats: ReturnType<typeof statSync>;
    try {
      stats = statSync(absolute);
    } catch (error) {
      throw new UnreadablePathError(target, describeFault(error));
    }
    const directory = stats.isDirectory() ? absolute : path.dirname(absolute);
    const repoRoot = repositoryRoot(directory);
    const base = repoRoot ?? directory;
    if (stats.isFile()) {
      const shown = toPosix(path.relative(cwd, absolute));
      // Outside a repository, the ignore files that apply are those from the working folder down.
      const ignoreBase = repoRoot ?? (absolute.startsWith(cwd + path.sep) ? cwd : directory);
      const own =
        exclude?.get(absolute) ?? (forceExclude ? forcedOut(absolute, ignoreBase, repoRoot !== undefined, extra) : undefined);
      if (own) ignored.push({ path: shown, reason: own });
      else if (!seen?.has(absolute)) {
        assertReadable(target, absolute);
        const file = { absolute, path: shown, rootPath: toPosix(path.relative(base, absolute)) };
        files.push(file);
        onFile?.(files.length, file);
      }
      seen?.add(absolute);
      continue;
    }
    if (!stats.isDirectory()) throw new UnreadablePathError(target, 'not a file or directory');

    const visit = (dir: string, rootRel: string, shown: string, layers: readonly IgnoreLayer[]) => {
      let entries: Dirent[];
      try {
        entries = readdirSync(dir, { withFileTypes: true });
      } catch (error) {
        if (dir === absolute) throw new UnreadablePathError(target, describeFault(error));
        skipped.push({ path: shown, reason: `directory not readable: ${describeFault(error)}`, unreadable: true });
        return;
      }
      listing.listed.add(dir);
      let here = layers;
      for (const name of IGNORE_FILES) {
        if (!entries.some((entry) => entry.name === name)) continue;
        const layer = readLayer(path.join(dir, name), rootRel === '' ? '' : `${rootRel}/`);
        if (layer) here = [...here, layer];
      }
      if (extra?.dir === dir) here = [...here, extraLayer(extra, base)];
      for (const entry of entries) {
        const name = entry.name;
        if (name === '.git') continue;
        if (isRootCiName(name)) listing.rootCi.add(`${dir}${path.sep}${name}`);
        // Installed dependencies are not the repository's code, and Sunset's own package (its register among
        // them) lies there: a project without a .gitignore would otherwise fail on the tool itself.
        if (name === 'node_modules' && entry.isDirectory()) {
          if (listIgnored) ignored.push({ path: shown === '.' ? name : `${shown}/${name}`, reason: 'installed dependencies' });
          continue;
        }
        const childRoot = join(rootRel, name);
        const childShown = shown === '.' ? name : `${shown}/${name}`;
        if (entry.isSymbolicLink()) {
          skipped.push({ path: childShown, reason: 'symbolic link, not followed' });
          continue;
        }
        const isDirectory = entry.isDirectory();
        if (here.length > 0 && isIgnored(here, childRoot, isDirectory)) {
          if (listIgnored) ignored.push({ path: childShown, reason: `ignored by ${ignoredBy(here, childRoot, isDirectory)}` });
          continue;
        }
        if (!isDirectory && !entry.isFile()) {
          // Reading a named pipe waits for a writer, and a device may never end: neither holds a file's text.
          skipped.push({ path: childShown, reason: `${specialKind(entry)}, not read` });
          continue;
        }
        const child = `${dir}${path.sep}${name}`;
        if (exclude?.has(child)) ignored.push({ path: childShown, reason: exclude.get(child) as string });
        else if (isDirectory) visit(child, childRoot, childShown, here);
        else if (!seen?.has(child)) {
          seen?.add(child);
          const file = { absolute: child, path: childShown, rootPath: childRoot };
          files.push(file);
          onFile?.(files.length, file);
        }
      }
    };
    const startRoot = toPosix(path.relative(base, absolute));
    const startShown = toPosix(path.relative(cwd, absolute)) || '.';
    visit(absolute, startRoot, startShown, outerLayers(absolute, base, repoRoot !== undefined, extra));
  }
  return { files, skipped, ignored, listing };
}
