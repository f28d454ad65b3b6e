/**
 * The checked-out commit and the `origin` remote URL read straight from a repository's `.git` files, so a
 * report names its origin without starting `git` twice (about a tenth of a small check's time). Handles
 * `.git` directories and `gitdir:` files (worktrees, submodules), loose and packed refs and a detached
 * HEAD; answers undefined for anything else (reftable refs, config includes or URL rewrites), and the
 * caller then asks `git` itself.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** A repository's own git directory and the one its refs and config are shared in. */
interface GitDirs {
  gitDir: string;
  commonDir: string;
}

const read = (file: string): string | undefined => {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
};

/**
 * The git directories of the repository holding `cwd`, looking upwards as git does: null when there is
 * none, undefined when git would look elsewhere (`GIT_DIR` set) or the `.git` file is not understood.
 */
function gitDirs(cwd: string): GitDirs | null | undefined {
  if (process.env.GIT_DIR || process.env.GIT_WORK_TREE) return undefined;
  // A report asks for the commit and the origin of one folder: the walk up is done once for both.
  if (lastLookup?.cwd !== cwd) lastLookup = { cwd, dirs: findGitDirs(cwd) };
  return lastLookup.dirs;
}

let lastLookup: { cwd: string; dirs: GitDirs | null | undefined } | undefined;

function findGitDirs(cwd: string): GitDirs | null | undefined {
  for (let dir = path.resolve(cwd); ; dir = path.dirname(dir)) {
    const dotGit = path.join(dir, '.git');
    let gitDir: string | undefined;
    try {
      if (statSync(dotGit).isDirectory()) gitDir = dotGit;
      else {
        const pointer = /^gitdir:\s*(.+?)\s*$/m.exec(read(dotGit) ?? '')?.[1];
        if (!pointer) return undefined;
        gitDir = path.resolve(dir, pointer);
      }
    } catch {
      if (path.dirname(dir) === dir) return null;
      continue;
    }
    const common = read(path.join(gitDir, 'commondir'))?.trim();
    return { gitDir, commonDir: common ? path.resolve(gitDir, common) : gitDir };
  }
}

const SHA = /^[0-9a-f]{40}(?:[0-9a-f]{24})?$/;

/**
 * The commit a ref names; null when the ref does not exist (a branch with no commit yet), undefined when
 * the files cannot say (refs kept in a reftable, or a name git would read differently).
 */
function resolveRef(dirs: GitDirs, ref: string, depth = 0): string | null | undefined {
  if (depth > 5 || !/^refs\/[\w./-]+$/.test(ref) || ref.includes('..')) return undefined;
  const loose = (read(path.join(dirs.gitDir, ref)) ?? read(path.join(dirs.commonDir, ref)))?.trim();
  if (loose !== undefined) {
    if (SHA.test(loose)) return loose;
    const symbolic = /^ref:\s*(\S+)$/.exec(loose)?.[1];
    return symbolic ? resolveRef(dirs, symbolic, depth + 1) : undefined;
  }
  for (const line of (read(path.join(dirs.commonDir, 'packed-refs')) ?? '').split('\n')) {
    const [sha, name] = line.split(' ');
    if (name?.trim() === ref && sha && SHA.test(sha)) return sha;
  }
  return existsSync(path.join(dirs.commonDir, 'reftable')) ? undefined : null;
}

/**
 * The commit checked out at `cwd`: null when there is none (no repository, or no commit yet), undefined
 * when the files do not say it plainly and git must be asked.
 */
export function headCommit(cwd: string): string | null | undefined {
  const dirs = gitDirs(cwd);
  if (!dirs) return dirs;
  const head = read(path.join(dirs.gitDir, 'HEAD'))?.trim();
  if (!head) return undefined;
  if (SHA.test(head)) return head;
  const ref = /^ref:\s*(\S+)$/.exec(head)?.[1];
  return ref ? resolveRef(dirs, ref) : undefined;
}

/**
 * The `url` of `[remote "origin"]` in the repository's config: null when there is no repository or the
 * config has no such remote, undefined when the files cannot answer (a config git would read differently).
 */
export function originUrl(cwd: string): string | null | undefined {
  const dirs = gitDirs(cwd);
  if (!dirs) return dirs;
  const config = read(path.join(dirs.commonDir, 'config'));
  if (config === undefined) return undefined;
  // Includes and URL rewrites change what git reports; leave those to git.
  if (/^\s*\[\s*(?:include|includeIf|url)\b/im.test(config)) return undefined;
  let inOrigin = false;
  for (const raw of config.split('\n')) {
    const line = raw.trim();
    if (line.startsWith('[')) {
      inOrigin = /^\[\s*remote\s+"origin"\s*\]$/.test(line);
      continue;
    }
    const url = inOrigin ? /^url\s*=\s*(.*)$/.exec(line)?.[1] : undefined;
    if (url !== undefined) return url.replace(/^"(.*)"$/, '$1').trim() || null;
  }
  return null;
}
