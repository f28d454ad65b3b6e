import { z } from 'zod';

/** The frontmatter of a guide (`content/guides/<slug>.mdx`). */
export const guideFrontmatterSchema = z.strictObject({
  /** Page title. */
  title: z.string().min(1),
  /** One sentence for the guides index and search engines. */
  description: z.string().min(1),
  /** Position in the guides index, lowest first. */
  order: z.number().int().default(100),
  /** Area the guide belongs to (an id from `content/areas.yaml`), used as its search filter. */
  area: z.string().min(1).optional(),
});

/** A guide's frontmatter. */
export type GuideFrontmatter = z.output<typeof guideFrontmatterSchema>;
