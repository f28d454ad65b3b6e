import { z } from 'zod';

/**
 * One other name a reader may type for what an entry describes: a product name for a neutral word the
 * platform's documentation uses (PostgreSQL for "the relational database", Kubernetes for "the cluster").
 * Sunset's words, never the documentation's: the entry page shows them as such.
 */
export const otherNameSchema = z
  .string()
  .trim()
  .min(2, { error: 'an other name has at least two characters' })
  .max(60, { error: 'an other name is a name, at most 60 characters' });

/**
 * The other names file (`content/other-names.yaml`): register entry ids, each with the other names readers
 * use for what it describes. Search indexes them; the entry page lists them as Sunset's words. Optional:
 * an entry without other names is simply absent. An id that is no register entry is an error.
 */
export const otherNamesFileSchema = z.record(
  // Any key is read, so a mistyped id is reported as the entry it fails to name (src/register/other-names.ts).
  z.string(),
  z.array(otherNameSchema).min(1, { error: 'list at least one other name, or leave the entry out' }),
);

/** Other names by entry id. */
export type OtherNames = z.output<typeof otherNamesFileSchema>;
