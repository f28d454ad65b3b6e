import { z } from 'zod';
import { releaseSchema } from './release.ts';

/** One release the register knows about (`content/releases.yaml`). */
export const releaseInfoSchema = z.strictObject({
  /** The release number. */
  release: releaseSchema,
  /** One line on what the release means for upgraders, in our words. */
  summary: z.string().min(1).optional(),
  /** `imported` for a release only a merged register folder names (src/register/merge/); never written here. */
  origin: z.literal('imported').optional(),
});

/**
 * The releases file: every release the register names. Any well-formed release whose major is between the
 * lowest and highest listed major is accepted as input (a plan to 17.4 is valid though the register names
 * nothing in 17.4); anything else is an unknown release.
 */
export const releasesFileSchema = z.array(releaseInfoSchema).min(1);

/** A release and its note. */
export type ReleaseInfo = z.infer<typeof releaseInfoSchema>;
