import path from 'node:path';
import type { z } from 'zod';
import type { ContentProblem } from '../register/content-error.ts';
import { locate, readYamlWith } from '../register/yaml-source.ts';
import { dashboardDefinitionSchema } from '../schemas/dashboard-definition.ts';
import { funnelDefinitionSchema } from '../schemas/funnel-definition.ts';
import { visualizationDefinitionSchema } from '../schemas/visualization-definition.ts';

/** The kinds of definition `sunset validate` knows, by the folder under `{config_dir}/analytics/` they live in. */
const DEFINITION_FOLDERS = {
  funnels: funnelDefinitionSchema,
  visualizations: visualizationDefinitionSchema,
  dashboards: dashboardDefinitionSchema,
} as const satisfies Record<string, z.ZodType>;

/** A definition kind. */
export type DefinitionKind = keyof typeof DEFINITION_FOLDERS;

/** The kind of a definition file from its path (`…/analytics/funnels/x.yaml`), or undefined. */
export function definitionKind(file: string): DefinitionKind | undefined {
  const match = /(?:^|\/)analytics\/(funnels|visualizations|dashboards)\/[^/]+\.ya?ml$/.exec(file.split(path.sep).join('/'));
  return match?.[1] as DefinitionKind | undefined;
}

/** One definition file to validate: its display path and text. */
export interface DefinitionFile {
  path: string;
  text: string;
}

/**
 * Validates definition files against their schemas, with file, line and field path for every problem.
 * Dashboards that name a visualization file are checked against the visualizations given alongside.
 */
export function validateDefinitions(files: readonly DefinitionFile[]): ContentProblem[] {
  const problems: ContentProblem[] = [];
  const visualizationNames = new Set(
    files
      .filter((file) => definitionKind(file.path) === 'visualizations')
      .map((file) => path.posix.basename(file.path).replace(/\.ya?ml$/, '')),
  );
  for (const file of files) {
    const kind = definitionKind(file.path);
    if (!kind) continue;
    const result = readYamlWith(DEFINITION_FOLDERS[kind], file.path, file.text);
    if (!result.ok) {
      problems.push(...result.problems);
      continue;
    }
    if (kind === 'dashboards' && visualizationNames.size > 0) {
      const dashboard = result.data as z.output<typeof dashboardDefinitionSchema>;
      dashboard.panels.forEach((panel, index) => {
        if (typeof panel.visualization === 'string' && !visualizationNames.has(panel.visualization)) {
          problems.push({
            file: file.path,
            ...locate(file.text, ['panels', index, 'visualization']),
            path: `panels[${index}].visualization`,
            message: `no visualization file "${panel.visualization}.yaml" next to this dashboard (in analytics/visualizations/); check the name or define it inline`,
          });
        }
      });
    }
  }
  return problems;
}
