import { OFFERINGS, type Offering } from '../../schemas/offerings.ts';
import type { Register } from '../register.ts';
import { compareReleases, isRelease } from '../releases.ts';

/** What a plan is asked for: the release a user runs, the one they move to, and optionally their offering. */
export interface PlanInput {
  from: string;
  to: string;
  offering?: Offering | string;
  /** The whole range as one list even where it crosses required upgrade stops (default: leg by leg). */
  direct?: boolean;
}

/** Why a plan cannot be built. Pages and the CLI show `message` as is. */
export type PlanProblemCode = 'malformed-release' | 'unknown-release' | 'downgrade' | 'same-release' | 'unknown-offering';

/** One thing wrong with a plan's input, tied to the input field it concerns. */
export interface PlanProblem {
  code: PlanProblemCode;
  field: 'from' | 'to' | 'offering';
  message: string;
}

/**
 * A release as a reader types it, reduced to the register's major.minor: surrounding spaces go, a leading
 * `v` goes (`v16.0`, as tags are written), a bare major names its `.0` release (`16`), and a patch release
 * (`16.3.1`, what an instance's help page shows) names its minor release (`16.3`). Anything else is
 * returned as typed, for {@link releaseProblem} to refuse with a reason.
 */
export function normalizeReleaseInput(text: string): string {
  const trimmed = text.trim();
  const parts = /^[vV]?(\d{1,4})(?:\.(\d{1,4})(?:\.\d{1,6})?)?$/.exec(trimmed);
  return parts ? `${parts[1]}.${parts[2] ?? '0'}` : trimmed;
}

/** Thrown by `requirePlan` when the input is refused; carries every problem. */
export class PlanError extends Error {
  readonly problems: PlanProblem[];

  constructor(problems: PlanProblem[]) {
    super(problems.map((problem) => problem.message).join('\n'));
    this.name = 'PlanError';
    this.problems = problems;
  }
}

/**
 * Why a release given as input is refused, or undefined when it is accepted. Shared by plans and
 * `sunset check` so both say the same thing.
 */
export function releaseProblem(register: Pick<Register, 'knowsRelease' | 'releases'>, field: 'from' | 'to', value: string) {
  if (!isRelease(value)) {
    return {
      code: 'malformed-release',
      field,
      message: `"${value}" (${field}) is not a release; write it as major.minor, such as "17.0" or "16.10"`,
    } satisfies PlanProblem;
  }
  if (!register.knowsRelease(value)) {
    const majors = register.releases.map((release) => Number(release.release.split('.')[0]));
    return {
      code: 'unknown-release',
      field,
      message: `"${value}" (${field}) is not a release the register knows; it covers releases ${Math.min(...majors)}.x to ${Math.max(...majors)}.x`,
    } satisfies PlanProblem;
  }
  return undefined;
}

/** Every problem with a plan's input; empty when the plan can be built. */
export function planProblems(register: Pick<Register, 'knowsRelease' | 'releases'>, input: PlanInput): PlanProblem[] {
  const problems: PlanProblem[] = [];
  for (const field of ['from', 'to'] as const) {
    const problem = releaseProblem(register, field, input[field]);
    if (problem) problems.push(problem);
  }
  if (input.offering !== undefined && !(OFFERINGS as readonly string[]).includes(input.offering)) {
    problems.push({
      code: 'unknown-offering',
      field: 'offering',
      message: `offering "${input.offering}" is not one of ${OFFERINGS.join(', ')}`,
    });
  }
  if (problems.length > 0) return problems;
  const order = compareReleases(input.from, input.to);
  if (order > 0) {
    problems.push({
      code: 'downgrade',
      field: 'to',
      message: `${input.to} is older than ${input.from}: the register plans upgrades only; downgrades are not supported`,
    });
  } else if (order === 0) {
    problems.push({
      code: 'same-release',
      field: 'to',
      message: `from and to are both ${input.to}: pick a later target release to plan an upgrade`,
    });
  }
  return problems;
}
