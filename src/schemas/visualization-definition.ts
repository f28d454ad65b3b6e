import { z } from 'zod';
import { queryObjectSchema } from './query.ts';

/** An axis option of a chart visualization. */
export const axisSchema = z.looseObject({
  /** Axis title. */
  name: z.string().optional(),
  /** Axis type, such as `category` or `value`. */
  type: z.string().optional(),
});

/** A link column of a data table: `text` and `href` name dimensions; several dimensions in `href` join into one URL. */
export const dataTableLinkSchema = z.strictObject({
  /** Dimension whose value is the link text. */
  text: z.string().min(1),
  /** Dimension (or dimensions) whose values build the URL. */
  href: z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]),
});

/** A visualization definition (funnel charts, line charts, data tables …). */
export const visualizationDefinitionSchema = z.strictObject({
  /** Definition format version. */
  version: z.number().int().positive(),
  /** Chart type such as `ColumnChart`, `LineChart`, `DataTable`, `SingleStat`. */
  type: z.string().min(1),
  /** Optional title. */
  title: z.string().optional(),
  /** Where the data comes from. */
  data: z.strictObject({
    /** `semantic_analytics` for the query layer. */
    type: z.literal('semantic_analytics', { error: 'data.type must be "semantic_analytics"' }),
    /** The query. */
    query: queryObjectSchema,
  }),
  /** Rendering options. */
  options: z
    .looseObject({
      /** The x axis. */
      xAxis: axisSchema.optional(),
      /** The y axis. */
      yAxis: axisSchema.optional(),
      /** Data-table links. */
      links: z.array(dataTableLinkSchema).optional(),
    })
    .default({}),
});

/** A visualization definition. */
export type VisualizationDefinition = z.infer<typeof visualizationDefinitionSchema>;
