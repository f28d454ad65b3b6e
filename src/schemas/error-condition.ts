import { z } from 'zod';
import { detectRuleSchema } from './detect-rule.ts';
import { entryIdSchema } from './entry-id.ts';
import { namesSchema } from './names.ts';
import { releaseSchema } from './release.ts';

/** One error condition the platform answers with a defined result (`content/errors.yaml`). */
export const errorConditionSchema = z.strictObject({
  /** Stable id. */
  id: entryIdSchema,
  /**
   * The error's short name, as a reader would call it ("Rate limit exceeded"): the title of its search
   * result, with the condition below. At most 60 characters. Without it, results are titled by the condition.
   */
  name: z.string().trim().min(3).max(60, { error: 'a name is short: at most 60 characters' }).optional(),
  /** The condition that triggers it. */
  condition: z.string().min(1),
  /** What the user sees. */
  result: z.string().min(1),
  /** HTTP status, where the result is one. */
  status: z.number().int().min(400).max(599).optional(),
  /** The release from which it holds, where the spec gives one. */
  since: releaseSchema.optional(),
  /**
   * Where the spec gives two releases for the change behind this condition: both places, in the spec's
   * words. `since` then equals the related entry's `removed_in` (the README's policy).
   */
  spec_conflict: z.string().trim().min(1).optional(),
  /** Identifiers it names. */
  names: namesSchema.default({}),
  /** Related register entries. */
  related: z.array(entryIdSchema).default([]),
  /**
   * Rules `sunset check` runs for uses that fail whatever the target release (such as an `afterDate`
   * filter in a funnel query); findings are errors.
   */
  detect: z.array(detectRuleSchema).default([]),
});

/** The error conditions file. */
export const errorsFileSchema = z.array(errorConditionSchema).min(1);

/** An error condition. */
export type ErrorCondition = z.output<typeof errorConditionSchema>;
