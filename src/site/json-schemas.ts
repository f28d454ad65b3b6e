import { z } from 'zod';
import { dashboardDefinitionSchema } from '../schemas/dashboard-definition.ts';
import { funnelDefinitionSchema } from '../schemas/funnel-definition.ts';
import { registerEntrySchema } from '../schemas/register-entry.ts';
import { sunsetConfigSchema } from '../schemas/sunset-config.ts';
import { visualizationDefinitionSchema } from '../schemas/visualization-definition.ts';

/** One published JSON Schema: the file name under `/schemas/` and what it validates. */
export interface PublishedSchema {
  /** File name stem: `/schemas/<name>.schema.json`. */
  name: string;
  title: string;
  description: string;
  schema: z.ZodType;
}

/** The YAML files users write, whose schemas the site publishes so editors can validate them. */
export const PUBLISHED_SCHEMAS: readonly PublishedSchema[] = [
  {
    name: 'funnel',
    title: 'Funnel definition',
    description: 'A funnel definition file in {config_dir}/analytics/funnels/.',
    schema: funnelDefinitionSchema,
  },
  {
    name: 'visualization',
    title: 'Visualization definition',
    description: 'A visualization definition, such as the custom visualization every funnel needs.',
    schema: visualizationDefinitionSchema,
  },
  {
    name: 'dashboard',
    title: 'Dashboard definition',
    description:
      "A dashboard definition. Its shape is the reference design: the platform's documentation does not show the file fields.",
    schema: dashboardDefinitionSchema,
  },
  {
    name: 'register-entry',
    title: 'Register entry',
    description: 'One register entry, content/register/<release>/<id>.yaml.',
    schema: registerEntrySchema,
  },
  {
    name: 'sunset-config',
    title: 'Sunset settings',
    description:
      "A repository's .sunset.yml (or the sunset key of its package.json): the settings sunset check, fix and plan read; flags override them.",
    schema: sunsetConfigSchema,
  },
];

/**
 * The JSON Schema (draft 2020-12) of one published schema, for the files as written: fields with defaults
 * are optional. Checks that need code (such as unique funnel step names) stay with the CLI's `validate`.
 */
export function buildJsonSchema(published: PublishedSchema, siteUrl: string): Record<string, unknown> {
  const generated = z.toJSONSchema(published.schema, { target: 'draft-2020-12', io: 'input' }) as Record<string, unknown>;
  const { $schema, ...rest } = generated;
  return {
    $schema,
    $id: `${siteUrl.replace(/\/+$/, '')}/schemas/${published.name}.schema.json`,
    title: published.title,
    description: published.description,
    ...rest,
  };
}
