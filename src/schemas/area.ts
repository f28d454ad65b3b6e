import { z } from 'zod';

/** An area id: lower-case words joined by hyphens. */
export const areaIdSchema = z.string().regex(/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/, {
  error: 'an area id is lower-case words joined by hyphens, such as "container-registry"',
});

/** One area of the platform that register entries are filed under (`content/areas.yaml`). */
export const areaSchema = z.strictObject({
  /** Stable id used by entries' `area` field. */
  id: areaIdSchema,
  /** Short human title, such as "Container registry". */
  title: z.string().min(1),
  /** One sentence on what the area covers. */
  description: z.string().min(1),
});

/** The whole area vocabulary file. */
export const areasFileSchema = z.array(areaSchema).min(1);

/** An area of the platform. */
export type Area = z.infer<typeof areaSchema>;
