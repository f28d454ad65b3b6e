import { type Dirent, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { type IgnoreLayer, isIgnored, layersOf, outerLayers, repositoryRoot } from './ignore-rules.ts';

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
}

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

/**
 * Lists the files under the given paths, honouring `.gitignore` and `.sunsetignore` at every level
 * (and those above a scanned directory up to its repository root) and never entering `.git`.
 * A file named on the command line is read even when ignored. Symbolic links are not followed.
 */
export function walk(targets: readonly string[], cwd: string): { files: WalkedFile[]; skipped: SkipNote[] } {
  const files: WalkedFile[] = [];
  const skipped: SkipNote[] = [];
  const seen = new Set<string>();
  const add = (absolute: string, rootBase: string) => {
    if (seen.has(absolute)) return;
    seen.add(absolute);
    files.push({
      absolute,
      path: toPosix(path.relative(cwd, absolute)) || path.basename(absolute),
      rootPath: toPosix(path.relative(rootBase, absolute)),
    });
  };

  for (const target of targets) {
    const absolute = path.resolve(cwd, target);
    let stats: ReturnType<typeof statSync>;
    try {
      stats = statSync(absolute);
    } catch (error) {
      throw new UnreadablePathError(
        target,
        (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file or directory' : String(error),
      );
    }
    const repoRoot = repositoryRoot(stats.isDirectory() ? absolute : path.dirname(absolute));
    if (stats.isFile()) {
      add(absolute, repoRoot ?? path.dirname(absolute));
      continue;
    }
    if (!stats.isDirectory()) throw new UnreadablePathError(target, 'not a file or directory');
    const rootBase = repoRoot ?? absolute;
    const visit = (directory: string, layers: IgnoreLayer[]) => {
      let entries: Dirent[];
      try {
        entries = readdirSync(directory, { withFileTypes: true });
      } catch (error) {
        if (directory === absolute) throw new UnreadablePathError(target, String(error));
        skipped.push({
          path: toPosix(path.relative(cwd, directory)),
          reason: `directory not readable (${(error as NodeJS.ErrnoException).code})`,
        });
        return;
      }
      const here = [...layers, ...layersOf(directory)];
      for (const entry of entries) {
        if (entry.name === '.git') continue;
        const child = path.join(directory, entry.name);
        if (entry.isSymbolicLink()) {
          skipped.push({ path: toPosix(path.relative(cwd, child)), reason: 'symbolic link, not followed' });
          continue;
        }
        const isDirectory = entry.isDirectory();
        if (!isDirectory && !entry.isFile()) continue;
        if (isIgnored(here, child, isDirectory)) continue;
        if (isDirectory) visit(child, here);
        else add(child, rootBase);
      }
    };
    visit(absolute, outerLayers(absolute, repoRoot));
  }
  return { files, skipped };
}
