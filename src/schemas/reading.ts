import { z } from 'zod';

/** Fields of a register entry whose values can be Sunset's reading of the spec rather than its words. */
export const readingFieldSchema = z.enum([
  'offerings',
  'names',
  'from',
  'to',
  'title',
  'summary',
  'migration',
  'replacement',
  'breaking_reason',
]);

/**
 * One part of an entry that is Sunset's reading, not what the spec says: which field, which of its values
 * (all of it when none are given), and why, for readers. Everything else an entry states is the spec's,
 * and the content tests find it there.
 */
export const readingSchema = z.strictObject({
  /** The field read. */
  field: readingFieldSchema,
  /** The values of that field that are the reading: names, `from`/`to` items, or words of a text field. */
  values: z.array(z.string().min(1)).min(1).optional(),
  /** Why, in one line a reader understands, in our words. */
  because: z
    .string()
    .trim()
    .min(20, { error: 'say why this is a reading, in one line of at least 20 characters' })
    .max(300, { error: 'keep it to one line of at most 300 characters' })
    .refine((text) => !text.includes('\n'), { error: 'one line only' }),
});

/** A reading of the spec. */
export type Reading = z.infer<typeof readingSchema>;
