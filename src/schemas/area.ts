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
  /**
   * True where the spec says a separate register exists for this area's deprecations (it does for the REST
   * API and GraphQL). That register is not part of the spec, so this one holds only the changes the spec
   * lists; pages say where the rest is kept.
   */
  separate_register: z.boolean().default(false),
  /** API versions the spec mentions as coming, with what it mentions them for. */
  future_versions: z
    .array(
      z.strictObject({
        /** The version as the spec writes it, such as `v5`. */
        version: z.string().regex(/^v\d+$/, { error: 'write the version as the spec does, such as "v5"' }),
        /** What the spec mentions it for, such as "runner status". */
        concerns: z.string().min(1),
        /** What the spec leaves open about it, in the spec's terms. */
        not_shown: z.string().min(1),
      }),
    )
    .default([]),
});

/** The whole area vocabulary file. */
export const areasFileSchema = z.array(areaSchema).min(1);

/** An area of the platform. */
export type Area = z.input<typeof areaSchema>;
