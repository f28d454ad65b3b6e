import { projectFromRemote, type ReportOrigin, registerVersion } from '../../findings/report-origin.ts';
import type { Register } from '../../register/register.ts';
import { headCommit, originUrl } from './git-files.ts';

function git(cwd: string, args: string[]): string | undefined {
  try {
    // Loaded here, not at start-up: only a report that records its origin runs git.
    const { execFileSync } = process.getBuiltinModule('node:child_process');
    const out = execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], timeout: 5000 });
    return out.trim() || undefined;
  } catch {
    // Not a repository, or git is not installed: the report simply does not name it.
    return undefined;
  }
}

/**
 * The project (`--project`, else `CI_PROJECT_PATH`, else the `origin` remote), the commit (`CI_COMMIT_SHA`,
 * else `git rev-parse HEAD`) and the time. A name the user gives wins; otherwise the pipeline's own
 * variable, which is what the instance calls the project, comes before a remote URL, which may be a fork's.
 */
export function reportOrigin(options: {
  env: Readonly<Record<string, string | undefined>>;
  cwd: string;
  project?: string;
  register: Pick<Register, 'entries' | 'errors'>;
  now?: Date;
}): ReportOrigin {
  const { env, cwd } = options;
  // The repository's files answer first; git runs only where they cannot (see git-files.ts).
  const named = options.project ?? env.CI_PROJECT_PATH;
  const fromFiles = named ? null : originUrl(cwd);
  const remote = fromFiles === undefined ? git(cwd, ['config', '--get', 'remote.origin.url']) : (fromFiles ?? undefined);
  const project = options.project || env.CI_PROJECT_PATH || (remote && projectFromRemote(remote)) || undefined;
  const head = env.CI_COMMIT_SHA ? null : headCommit(cwd);
  const commit = env.CI_COMMIT_SHA || (head === undefined ? git(cwd, ['rev-parse', 'HEAD']) : (head ?? undefined));
  return {
    ...(project ? { project } : {}),
    ...(commit ? { commit } : {}),
    time: (options.now ?? new Date()).toISOString(),
    registerVersion: registerVersion(options.register),
  };
}
