import { z } from 'zod';
import { areaIdSchema } from './area.ts';
import { detectRuleSchema } from './detect-rule.ts';
import { enforcementRuleSchema } from './enforcement-rule.ts';
import { entryIdSchema } from './entry-id.ts';
import { importedEntryFields } from './imported-source.ts';
import { namesSchema } from './names.ts';
import { offeringSchema } from './offering.ts';
import { readingSchema } from './reading.ts';
import { releaseSchema } from './release.ts';

/**
 * What kind of change an entry records.
 * - `deprecation`: still works, is marked for removal; plan ahead.
 * - `removal`: stops existing in `removed_in`.
 * - `behavior-change`: still exists but acts differently from `removed_in`.
 * - `rename`: the old name (`from`) stops working; the new one (`to`) replaces it.
 */
export const entryKindSchema = z.enum(['deprecation', 'removal', 'behavior-change', 'rename']);

/** One register entry: one change a user must act on (`content/register/<release>/<id>.yaml`). */
export const registerEntrySchema = z
  .strictObject({
    /** Stable, unique id; equals the file name without `.yaml`. Never reused. */
    id: entryIdSchema,
    /** One line saying what changes, as a sentence. */
    title: z.string().min(1),
    /** The area the change belongs to; an id from `content/areas.yaml`. */
    area: areaIdSchema,
    /** What kind of change this is. */
    kind: entryKindSchema,
    /**
     * The release in which the change takes effect; the register lists entries by it. For a
     * `deprecation` it is the release under which the spec lists the deprecation.
     */
    removed_in: releaseSchema,
    /** The release in which the change was announced or deprecated, only where the spec gives it. Never guessed. */
    announced_in: releaseSchema.optional(),
    /**
     * True when existing use stops working at `removed_in` without a change on the user's side. The spec
     * says only that some removals break existing use, so this flag is Sunset's reading of its text.
     */
    breaking: z.boolean(),
    /**
     * Required when `breaking`: one line saying what stops working, read from the spec's text of the change
     * (Sunset's reading, shown as such). Not allowed on a change that is not breaking.
     */
    breaking_reason: z
      .string()
      .trim()
      .min(20, { error: 'say what stops working, in one line of at least 20 characters' })
      .max(200, { error: 'keep it to one line of at most 200 characters' })
      .refine((text) => !text.includes('\n'), { error: 'one line only' })
      .optional(),
    /** The offerings the change applies to. */
    offerings: z.array(offeringSchema).min(1),
    /** What changes, in Markdown, in our own words and faithful to the spec. */
    summary: z.string().trim().min(1, { error: 'every entry needs a summary' }),
    /** What to do about it, in Markdown. */
    migration: z.string().trim().min(1, { error: 'every entry needs a migration' }),
    /** What replaces the removed thing, in Markdown, where there is a replacement. */
    replacement: z.string().min(1).optional(),
    /** For `rename`: the old identifiers. */
    from: z.array(z.string().min(1)).min(1).optional(),
    /** For `rename`: the new identifiers (one old name can split into several). */
    to: z.array(z.string().min(1)).min(1).optional(),
    /** Every identifier the change names, by category. */
    names: namesSchema.default({}),
    /** Ids of API endpoints (`content/api/<id>.yaml`) the change touches. */
    endpoints: z.array(entryIdSchema).default([]),
    /** Rules `sunset check` runs to find uses in a repository. */
    detect: z.array(detectRuleSchema).default([]),
    /**
     * How the reference implementation answers, release by release, the endpoints this entry touches
     * (`reject`) or the rate limit it turns on (`rate-limit`). Reference design, not the spec's. Optional:
     * an entry without it changes no endpoint behaviour.
     */
    enforcement: z.array(enforcementRuleSchema).min(1).optional(),
    /** Ids of related register entries. */
    related: z.array(entryIdSchema).default([]),
    /** Free-form note where the spec is ambiguous, said as ours, not the spec's. */
    note: z.string().min(1).optional(),
    /**
     * Where the spec gives two releases for this change: both places, in the spec's words, and which one
     * the register files it under (the release the spec calls the removal; see the README's policy).
     */
    spec_conflict: z.string().trim().min(1).optional(),
    /**
     * The parts of this entry that are Sunset's reading of the spec rather than its words (an offering the
     * spec does not name, a name spelled our way), each with why. Shown as such on the entry's page.
     */
    readings: z.array(readingSchema).min(1).optional(),
    // Registers beyond the built-in one (`sunset import`, `--register`): see imported-source.ts.
    ...importedEntryFields,
  })
  .superRefine((entry, ctx) => {
    if (entry.origin === 'imported' && entry.sources?.length !== 1) {
      ctx.addIssue({ code: 'custom', path: ['sources'], message: 'an imported entry names the one item it was made from' });
    }
    if (entry.breaking && !entry.breaking_reason) {
      ctx.addIssue({
        code: 'custom',
        path: ['breaking_reason'],
        message: 'a breaking entry needs `breaking_reason`: one line saying what stops working',
      });
    }
    if (!entry.breaking && entry.breaking_reason) {
      ctx.addIssue({ code: 'custom', path: ['breaking_reason'], message: '`breaking_reason` is only for `breaking: true`' });
    }
    entry.enforcement?.forEach((rule, index) => {
      if (rule.kind === 'reject' && !entry.endpoints.includes(rule.endpoint)) {
        ctx.addIssue({
          code: 'custom',
          path: ['enforcement', index, 'endpoint'],
          message: `endpoint "${rule.endpoint}" is not in this entry's \`endpoints\`; add it there first`,
        });
      }
    });
    if (entry.kind === 'rename') {
      for (const key of ['from', 'to'] as const) {
        if (!entry[key]) ctx.addIssue({ code: 'custom', path: [key], message: `a rename entry needs \`${key}\`` });
      }
    } else {
      for (const key of ['from', 'to'] as const) {
        if (entry[key]) ctx.addIssue({ code: 'custom', path: [key], message: `\`${key}\` is only for kind: rename` });
      }
    }
  });

/** A register entry as written in its file. */
export type RegisterEntryInput = z.input<typeof registerEntrySchema>;
/**
 * A register entry with defaults applied, as loaded: `other_names` is put on it from
 * `content/other-names.yaml` (src/register/other-names.ts), never written in the entry's own file.
 */
export type RegisterEntry = z.output<typeof registerEntrySchema> & {
  /** Other names readers use for what the entry describes: Sunset's words, for search (see other-names.ts). */
  other_names?: string[];
};
/** The kind of a register entry. */
export type EntryKind = z.infer<typeof entryKindSchema>;
