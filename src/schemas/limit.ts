import { z } from 'zod';
import { entryIdSchema } from './entry-id.ts';
import { namesSchema } from './names.ts';
import { releaseSchema } from './release.ts';

/** One limit of the platform (`content/limits.yaml`). */
export const limitSchema = z.strictObject({
  /** Stable id. */
  id: entryIdSchema,
  /** What is limited. */
  title: z.string().min(1),
  /** The value, in words (limits mix numbers, units and rules). */
  value: z.string().min(1),
  /** A machine-readable number, where the limit is one. */
  number: z.number().optional(),
  /** What the limit applies to. */
  applies_to: z.string().min(1),
  /** The release from which it holds, where the spec gives one. */
  since: releaseSchema.optional(),
  /** More detail, in Markdown. */
  description: z.string().min(1).optional(),
  /** Identifiers it names. */
  names: namesSchema.default({}),
  /** Related register entries. */
  related: z.array(entryIdSchema).default([]),
});

/** The limits file. */
export const limitsFileSchema = z.array(limitSchema).min(1);

/** A limit. */
export type Limit = z.output<typeof limitSchema>;
