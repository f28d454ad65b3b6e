/**
 * The `--from`/`--to` range of `check` and `fix`: both releases known to the register and in order, with
 * `--from` defaulting to the register's lowest release. Each problem is a usage error that says what to pass.
 * Releases are read as `sunset plan` and the site read them: `16` is 16.0, `v17.0` is 17.0, a patch release
 * `16.3.1` is 16.3.
 */
import { normalizeReleaseInput, releaseProblem } from '../register/plan/release-input.ts';
import type { Register } from '../register/register.ts';
import { compareReleases } from '../register/releases.ts';
import { UsageError } from './cli-io.ts';

/** The lowest release the register lists: the default `--from`. */
function lowestRelease(register: Register): string {
  return [...register.releases].map((release) => release.release).sort(compareReleases)[0] ?? '0.0';
}

/** Reads `--from` and `--to` against the register; throws a {@link UsageError} naming the flag at fault. */
export function releaseRange(register: Register, givenTo: string, givenFrom?: string): { from: string; to: string } {
  const to = normalizeReleaseInput(givenTo);
  const from = givenFrom === undefined ? undefined : normalizeReleaseInput(givenFrom);
  const start = from ?? lowestRelease(register);
  for (const [field, value] of [
    ['to', to],
    ['from', start],
  ] as const) {
    const problem = releaseProblem(register, field, value);
    if (problem) throw new UsageError(problem.message);
  }
  if (compareReleases(start, to) > 0) {
    // Without --from the start is the register's own: say so, rather than quote a flag the user never gave.
    if (from === undefined)
      throw new UsageError(
        `--to ${to} is before ${start}, the oldest release the register lists changes for, so there is nothing to check; give --to ${start} or later`,
      );
    throw new UsageError(`--from ${start} is after --to ${to}: check an upgrade, from the release you run to a later one`);
  }
  return { from: start, to };
}
