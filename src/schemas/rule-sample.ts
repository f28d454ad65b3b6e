import { z } from 'zod';

/**
 * A small file used to prove a rule: `sunset check` must report the rule on `example` and stay silent on
 * `near_miss`. Tests run both for every rule in the register.
 */
export const ruleSampleSchema = z.strictObject({
  /** File path, relative to a scanned repository root; decides the file kind (YAML, GraphQL, code …). */
  file: z.string().min(1),
  /** The file's whole text. */
  text: z.string().min(1),
});

/**
 * A mechanical fix: the rule's subject (the variable name, key, GraphQL name, flag or literal the rule
 * looks for) is replaced where it matched by `replace_with`, and nothing else in the file changes.
 * Only for one-to-one renames; a change that needs judgement has no `fix` and `sunset fix` lists it with
 * the entry's migration text instead. `sunset fix` and the entry page's before/after both apply it.
 */
export const ruleFixSchema = z.strictObject({
  /** The text that takes the subject's place, on one line. */
  replace_with: z
    .string()
    .min(1)
    .regex(/^[^\n\r]*$/, 'a fix replaces text on one line; it cannot hold a line break'),
});

/** A rule's mechanical fix; see {@link ruleFixSchema}. */
export type RuleFix = z.infer<typeof ruleFixSchema>;

/** The fields every detection rule has: its message and the two samples that prove it. */
export const ruleCommon = {
  /** Optional message that replaces the entry's title in findings of this rule. */
  message: z.string().min(1).optional(),
  /** A file on which the rule must fire. */
  example: ruleSampleSchema,
  /** A file that looks close (a similar name, a comment, a longer identifier) on which the rule must not fire. */
  near_miss: ruleSampleSchema,
};
