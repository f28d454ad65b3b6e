import type { RepositoryFiles } from '../../reference/analytics/repository/repository-files.ts';
import { formatProblem } from '../../register/content-error.ts';
import { readYamlWith } from '../../register/yaml-source.ts';
import type { DashboardDefinition } from '../../schemas/dashboard-definition.ts';
import type { QueryObject } from '../../schemas/query.ts';
import { type VisualizationDefinition, visualizationDefinitionSchema } from '../../schemas/visualization-definition.ts';
import type { QueryResult } from './query-result.ts';

/** One dashboard panel ready to render: where it sits, and its visualization or why it has none. */
export interface PanelPlan {
  title: string;
  /** The visualization file the panel names, or undefined for an inline definition. */
  file: string | undefined;
  grid: { xPos: number; yPos: number; width: number; height: number };
  visualization: VisualizationDefinition | undefined;
  /** Problems with the visualization, each as `file:line:column field: message`. */
  problems: string[];
}

/** The folder visualization files live in. */
export const visualizationsDirectory = (configDir: string) => `${configDir.replace(/\/$/, '')}/analytics/visualizations`;

/**
 * Resolves each panel of a dashboard: a panel naming a visualization reads
 * `{config_dir}/analytics/visualizations/<name>.yaml` (or `.yml`) from the repository and validates it; an inline
 * definition is used as it is. A panel without a grid position goes below the ones before it, full width.
 */
export function dashboardPanels(dashboard: DashboardDefinition, files: RepositoryFiles, configDir: string): PanelPlan[] {
  let nextRow = 0;
  return dashboard.panels.map((panel) => {
    const grid = {
      xPos: panel.gridAttributes?.xPos ?? 0,
      yPos: panel.gridAttributes?.yPos ?? nextRow,
      width: panel.gridAttributes?.width ?? 12,
      height: panel.gridAttributes?.height ?? 4,
    };
    nextRow = Math.max(nextRow, grid.yPos + grid.height);
    if (typeof panel.visualization !== 'string') {
      return { title: panel.title, file: undefined, grid, visualization: panel.visualization, problems: [] };
    }
    const base = `${visualizationsDirectory(configDir)}/${panel.visualization}`;
    const file = [`${base}.yaml`, `${base}.yml`].find((candidate) => files.has(candidate));
    if (file === undefined) {
      const message = `${base}.yaml does not exist; the panel "${panel.title}" names the visualization "${panel.visualization}"`;
      return { title: panel.title, file: `${base}.yaml`, grid, visualization: undefined, problems: [message] };
    }
    const result = readYamlWith(visualizationDefinitionSchema, file, files.get(file) ?? '');
    return result.ok
      ? { title: panel.title, file, grid, visualization: result.data, problems: [] }
      : { title: panel.title, file, grid, visualization: undefined, problems: result.problems.map(formatProblem) };
  });
}

/** A date range as a query takes it: relative (`last 7 days`) or one or two ISO dates. */
export type DateRange = string | [string, string];

/**
 * The query with every time dimension's `dateRange` replaced: a dashboard-wide date range, as the dashboard's
 * date picker sets it. Time dimensions without a granularity are ranges too and change alike; a query without
 * time dimensions is left as it is.
 */
export function withDateRange(query: QueryObject, dateRange: DateRange | undefined): QueryObject {
  if (dateRange === undefined || !query.timeDimensions?.length) return query;
  return { ...query, timeDimensions: query.timeDimensions.map((dimension) => ({ ...dimension, dateRange })) };
}

/**
 * How many rows the query layer added by missing-day fill: rows of a day-granularity answer whose measures are
 * all `"0"`. A grouped row always counts at least one event, so a zero row is a day without data.
 */
export function filledDays(result: QueryResult): number {
  const days = Object.keys(result.annotation.timeDimensions).some((key) => key.endsWith('.day'));
  const measures = Object.keys(result.annotation.measures);
  if (!days || measures.length === 0) return 0;
  return result.data.filter((row) => measures.every((measure) => row[measure] === '0')).length;
}
