import type { Register } from '../register/register.ts';

/** Where a report comes from, so reports of many projects can be gathered (`sunset readiness`). */
export interface ReportOrigin {
  /** The project's path, such as `group/app`; undefined when nothing names it. */
  project?: string;
  /** The commit that was checked, when known. */
  commit?: string;
  /** When the check ran (ISO 8601, UTC). */
  time: string;
  /** A digest of the register's entries and error conditions: equal digests, equal rules. */
  registerVersion: string;
}

/** The longest project name accepted; platform paths are far shorter. */
export const MAX_PROJECT_LENGTH = 255;

/**
 * The project path in a git remote URL: `git@host:group/app.git`, `https://host/group/sub/app.git` and
 * `ssh://git@host:22/group/app` all give the path without `.git`; undefined for a local path.
 */
export function projectFromRemote(url: string): string | undefined {
  const trimmed = url.trim();
  const scp = /^[^@/\s]+@[^:/\s]+:(?!\/)(.+)$/.exec(trimmed);
  let pathname: string | undefined = scp?.[1];
  if (!pathname && /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed)) {
    try {
      pathname = new URL(trimmed).pathname;
    } catch {
      return undefined;
    }
  }
  const project = pathname
    ?.replace(/^\/+|\/+$/g, '')
    .replace(/\.git$/, '')
    .trim();
  return project ? decodeURIComponent(project) : undefined;
}

const versions = new WeakMap<object, string>();

/**
 * Records a register's digest computed elsewhere (the package's, computed when it was built), so
 * {@link registerVersion} does not hash the register again. Only for a register made from exactly the
 * data digested: a register merged with imported entries is another object and is digested anew.
 */
export function knownRegisterVersion(register: object, digest: string): void {
  versions.set(register, digest);
}

/** A short digest of what decides findings: the entries (with their detection rules) and error conditions. */
export function registerVersion(register: Pick<Register, 'entries' | 'errors'>): string {
  const known = versions.get(register);
  if (known) return known;
  const entries = [...register.entries].sort((a, b) => a.id.localeCompare(b.id));
  // Loaded here, not at start-up: only a report that records its origin needs a digest.
  const digest = process
    .getBuiltinModule('node:crypto')
    .createHash('sha256')
    .update(JSON.stringify({ entries, errors: register.errors }))
    .digest('hex')
    .slice(0, 16);
  versions.set(register, digest);
  return digest;
}
