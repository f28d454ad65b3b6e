/**
 * Mutants StrykerJS reports as surviving that no test can tell apart from the code, each with why. They are
 * matched by file, mutator and the original and replacement text (not by line), so an explanation follows
 * the code when lines move and stops matching when the code changes, which puts the mutant back in the
 * survivors list to be looked at again.
 */

/** One surviving mutant explained as equivalent. */
export interface EquivalentMutant {
  /** The mutated file, relative to the repository. */
  file: string;
  /** Stryker's mutator name, such as `ConditionalExpression`. */
  mutator: string;
  /** The source text the mutant replaces, as in the file (whitespace may differ). */
  original: string;
  /** The replacement, when the same original has several mutants of this mutator and only one is equivalent. */
  replacement?: string;
  /** Why no test can notice it. */
  why: string;
}

export const EQUIVALENT_MUTANTS: EquivalentMutant[] = [];
