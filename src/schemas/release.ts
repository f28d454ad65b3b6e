import { z } from 'zod';
import { RELEASE_PATTERN } from './release-pattern.ts';

export { RELEASE_PATTERN };

/**
 * A platform release such as `"16.10"`, always written as a quoted string.
 *
 * YAML reads an unquoted `16.10` as the number 16.1, which silently names a different release,
 * so a number is rejected with a message that says to quote it.
 */
export const releaseSchema = z
  .string({
    error: (issue) =>
      typeof issue.input === 'number'
        ? `release ${issue.input} is a number: quote it as a string ("${issue.input}"), because YAML reads an unquoted release as a number and drops trailing zeros`
        : 'release must be a quoted string of the form "major.minor", such as "17.0"',
  })
  .regex(RELEASE_PATTERN, { error: 'release must have the form "major.minor", such as "17.0" or "16.10"' });

/** A release number, `"major.minor"`. */
export type Release = z.infer<typeof releaseSchema>;
