import { z } from 'zod';
import { visualizationDefinitionSchema } from './visualization-definition.ts';

/**
 * A dashboard definition. The spec names dashboards and their panels but not the file's fields;
 * this shape is the reference design: a title and panels, each with a grid position and either the
 * name of a visualization file or an inline visualization.
 */
export const dashboardPanelSchema = z.strictObject({
  /** Panel title. */
  title: z.string().min(1),
  /** Name of a visualization file in `{config_dir}/analytics/visualizations/` (without `.yaml`). */
  visualization: z.union([z.string().min(1), visualizationDefinitionSchema]),
  /** Grid placement. */
  gridAttributes: z
    .strictObject({
      /** Column the panel starts in, from 0 at the left. */
      xPos: z.number().int().min(0).optional(),
      /** Row the panel starts in, from 0 at the top. */
      yPos: z.number().int().min(0).optional(),
      /** Width in grid columns. */
      width: z.number().int().positive(),
      /** Height in grid rows. */
      height: z.number().int().positive(),
    })
    .optional(),
});

/** A dashboard file. */
export const dashboardDefinitionSchema = z.strictObject({
  /** Dashboard title. */
  title: z.string().min(1),
  /** Description. */
  description: z.string().optional(),
  /** Panels. */
  panels: z.array(dashboardPanelSchema).min(1),
});

/** A dashboard definition. */
export type DashboardDefinition = z.infer<typeof dashboardDefinitionSchema>;
