/**
 * The library API of the package: the register as data, upgrade plans and repository checks, for people
 * who build on the register. `import { loadRegister, planUpgrade, check } from 'sunset-register'`.
 */
import type { CheckResult } from './check/check.ts';
import { loadCliRegister } from './check/register-source.ts';
import { buildPlan, type Plan, requirePlan } from './register/plan/build-plan.ts';
import { PlanError, releaseProblem } from './register/plan/release-input.ts';
import type { Register } from './register/register.ts';
import { compareReleases } from './register/releases.ts';
import type { Offering } from './schemas/offering.ts';

/** More registers to read with the built-in one. */
export interface RegisterFolderOptions {
  /** Register folders, such as `sunset import --out` writes, merged in by id (as `--register`). */
  registers?: readonly string[];
  /** What relative folders are relative to; the process's working directory by default. */
  cwd?: string;
}

/**
 * The register: the data bundled with the package (or, in a clone, the project's own content), or the
 * content directory given, validated (throws a `ContentError` listing every problem); with `registers`,
 * merged with those register folders as every `sunset` command's `--register` does.
 */
export async function loadRegister(contentDir?: string, options: RegisterFolderOptions = {}): Promise<Register> {
  let register: Register;
  if (contentDir === undefined) register = (await loadCliRegister()).register;
  else {
    const { loadRegister: loadContentRegister } = await import('./register/index.ts');
    register = await loadContentRegister(contentDir);
  }
  if (!options.registers?.length) return register;
  const { mergeRegisterFolders } = await import('./register/merge/register-folders.ts');
  return (await mergeRegisterFolders(register, options.registers, options.cwd ?? process.cwd())).register;
}

/** What to plan: the release run now, the release moved to, and optionally the offering. */
export interface PlanUpgradeInput {
  from: string;
  to: string;
  offering?: Offering;
}

/**
 * The upgrade checklist from `from` to `to` (what `sunset plan` and the site's upgrade page show): must-do
 * and plan-ahead entries grouped by area. Throws a {@link PlanError} for an unknown release or a downgrade.
 */
export function planUpgrade(register: Register, input: PlanUpgradeInput): Plan {
  return requirePlan(buildPlan(register, input));
}

/** What to check. */
export interface CheckInput {
  /** The release the repository moves to. */
  to: string;
  /** The release it runs now; the register's lowest by default. */
  from?: string;
  offering?: Offering;
  /** Files and folders to scan, relative to `cwd` (default: `.`). */
  paths?: readonly string[];
  /** Default: the process's working directory. */
  cwd?: string;
  /** The repository's configuration folder (`{config_dir}`); the register's default otherwise. */
  configDir?: string;
  /** The register to check against; {@link loadRegister}'s by default. */
  register?: Register;
}

/** Scans a repository for uses of what the register removes or deprecates by `to` (what `sunset check` does). */
export async function check(input: CheckInput): Promise<CheckResult> {
  const register = input.register ?? (await loadRegister());
  const from = input.from ?? [...register.releases].map((release) => release.release).sort(compareReleases)[0] ?? '0.0';
  for (const [field, value] of [
    ['to', input.to],
    ['from', from],
  ] as const) {
    const problem = releaseProblem(register, field, value);
    if (problem) throw new RangeError(problem.message);
  }
  const { runCheck } = await import('./check/check.ts');
  return runCheck(register, {
    paths: input.paths ?? ['.'],
    cwd: input.cwd ?? process.cwd(),
    range: { from, to: input.to, ...(input.offering ? { offering: input.offering } : {}) },
    configDir: input.configDir ?? register.settings.config_dir,
  });
}

export type { CheckResult, CheckStats } from './check/check.ts';
export type { Finding } from './findings/finding.ts';
export { ContentError } from './register/content-error.ts';
export type { Plan, PlanItem } from './register/plan/build-plan.ts';
export type { Register } from './register/register.ts';
export type { Offering } from './schemas/offering.ts';
export type { RegisterEntry } from './schemas/register-entry.ts';
export { PlanError };
