import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { timedAsync } from './build-timings.ts';

const run = promisify(execFile);

/**
 * When each content file last changed, read from git once per build: one `git log` over the content
 * directory, not one per page, so the build pays for it once.
 *
 * A copy without that history says so by having no date rather than a wrong one: outside a git repository
 * (a tarball, a generated register) there are no dates; in a shallow clone (CI's `--depth 1`) a file whose
 * newest commit is a shallow boundary may have changed in history the clone does not hold, so it has no
 * date either.
 */
export interface ContentHistory {
  /** The repository root, when the content directory is inside one. */
  root?: string;
  /**
   * When a path (a file, or a folder for the newest change under it), relative to the content directory,
   * last changed in a commit; undefined when this copy cannot tell.
   */
  lastChanged(relative: string): Date | undefined;
  /** A path relative to the content directory, as a path from the repository root (`content/limits.yaml`). */
  fromRoot(relative: string): string | undefined;
}

/**
 * A history that knows no dates: the fallback outside git. Paths are taken to sit in the content
 * directory's folder at the repository root, as they do in this project's layout.
 */
export function noHistory(contentDir: string): ContentHistory {
  const folder = path.basename(path.resolve(contentDir));
  return {
    lastChanged: () => undefined,
    fromRoot: (relative) => (path.isAbsolute(relative) ? undefined : `${folder}/${relative.split(path.sep).join('/')}`),
  };
}

/**
 * Reads `git log --name-only` output (records `\0<hash> <ISO date>` followed by the paths that commit
 * touched, newest first) into the newest date of each path, leaving out paths last touched by a commit in
 * `boundary` (the clone's shallow commits), whose real last change may be older history not fetched.
 */
export function parseHistory(log: string, boundary: ReadonlySet<string> = new Set()): Map<string, Date> {
  const dates = new Map<string, Date>();
  const unknown = new Set<string>();
  for (const record of log.split('\0').slice(1)) {
    const [head = '', ...files] = record.split('\n');
    const [hash = '', iso = ''] = head.trim().split(' ');
    const date = new Date(iso);
    if (Number.isNaN(date.getTime())) continue;
    for (const file of files) {
      const name = file.trim();
      if (!name || dates.has(name) || unknown.has(name)) continue;
      if (boundary.has(hash)) unknown.add(name);
      else dates.set(name, date);
    }
  }
  return dates;
}

async function git(cwd: string, args: string[]): Promise<string> {
  const { stdout } = await run('git', args, { cwd, maxBuffer: 64 * 1024 * 1024 });
  return stdout;
}

/** The content directory's history; `noHistory` when git or a repository is not there. */
export async function readContentHistory(contentDir: string): Promise<ContentHistory> {
  let root: string;
  let log: string;
  let boundary = new Set<string>();
  try {
    root = (await git(contentDir, ['rev-parse', '--show-toplevel'])).trim();
    log = await git(contentDir, ['log', '--format=%x00%H %cI', '--name-only', '--no-renames', '--', '.']);
    const shallow = (await git(contentDir, ['rev-parse', '--git-path', 'shallow'])).trim();
    const listed = await readFile(path.resolve(contentDir, shallow), 'utf8').catch(() => '');
    boundary = new Set(listed.split('\n').filter(Boolean));
  } catch {
    return noHistory(contentDir);
  }
  const dates = parseHistory(log, boundary);
  const prefix = path.relative(root, path.resolve(contentDir)).split(path.sep).join('/');
  const fromRoot = (relative: string) =>
    path.isAbsolute(relative) ? undefined : [prefix, relative.split(path.sep).join('/')].filter(Boolean).join('/');
  // Folders ask for the newest date under them; answers are kept, as a list page asks for many.
  const folders = new Map<string, Date | undefined>();
  return {
    root,
    fromRoot,
    lastChanged(relative) {
      const key = fromRoot(relative);
      if (key === undefined) return undefined;
      const exact = dates.get(key);
      if (exact) return exact;
      if (!folders.has(key)) {
        let newest: Date | undefined;
        for (const [file, date] of dates) {
          if (file.startsWith(`${key}/`) && (!newest || date > newest)) newest = date;
        }
        folders.set(key, newest);
      }
      return folders.get(key);
    },
  };
}

let reading: Promise<ContentHistory> | undefined;

/**
 * The site's content history, read once per build; the reading counts to the build's `history` part once,
 * however many pages wait for it at the same time.
 */
export function siteContentHistory(contentDir: string): Promise<ContentHistory> {
  reading ??= timedAsync('history', () => readContentHistory(contentDir));
  return reading;
}
