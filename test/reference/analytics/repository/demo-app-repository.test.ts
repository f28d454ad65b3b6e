import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readFunnelDefinitions } from '../../../../src/reference/analytics/funnels/funnel-definitions.ts';
import { readConfigDir, readRepository } from '../../../../src/reference/analytics/repository/read-fixture-repositories.ts';
import { filesIn } from '../../../../src/reference/analytics/repository/repository-files.ts';
import { formatProblem } from '../../../../src/register/content-error.ts';
import { readYamlWith } from '../../../../src/register/yaml-source.ts';
import { dashboardDefinitionSchema } from '../../../../src/schemas/dashboard-definition.ts';
import { visualizationDefinitionSchema } from '../../../../src/schemas/visualization-definition.ts';
import { load, referenceAt } from '../analytics-fixtures.ts';

const CONTENT = path.resolve(import.meta.dirname, '../../../../content');
const repository = await readRepository(path.join(CONTENT, 'examples/demo-app'));
const configDir = await readConfigDir(CONTENT);

describe("project 1's fixture repository (content/examples/demo-app)", () => {
  it('holds the funnel completed_purchase in completed_purchase.yaml under {config_dir}', () => {
    expect(configDir).toBe('.gitlab');
    const { funnels, problems } = readFunnelDefinitions(repository, configDir);
    expect(problems.map(formatProblem)).toEqual([]);
    expect(funnels.map((funnel) => [funnel.slug, funnel.file])).toEqual([
      ['completed_purchase', '.gitlab/analytics/funnels/completed_purchase.yaml'],
    ]);
    expect(funnels[0]?.definition.steps).toHaveLength(4);
  });

  const visualizations = filesIn(repository, `${configDir}/analytics/visualizations`, ['.yaml']).map((file) => {
    const result = readYamlWith(visualizationDefinitionSchema, file, repository.get(file) ?? '');
    if (!result.ok) throw new Error(result.problems.map(formatProblem).join('\n'));
    return { file, definition: result.data };
  });

  it('has visualizations whose queries return rows over the sample data', async () => {
    const reference = referenceAt('2024-06-01T00:00:00Z', { repositories: { 1: repository }, sample: true });
    expect(visualizations.length).toBeGreaterThanOrEqual(4);
    for (const { file, definition } of visualizations) {
      const response = await load(reference, definition.data.query);
      expect(response.status, `${file}: ${response.body.message}`).toBe(200);
      expect(response.body.results[0].data.length, file).toBeGreaterThan(0);
    }
  });

  it('has a data table whose links name dimensions of its query, one joining two into a URL', () => {
    const tables = visualizations.filter(({ definition }) => definition.type === 'DataTable' && definition.options.links);
    const links = tables.flatMap(({ definition }) =>
      (definition.options.links ?? []).map((link) => ({ link, dimensions: definition.data.query.dimensions ?? [] })),
    );
    expect(links.some(({ link }) => Array.isArray(link.href) && link.href.length > 1)).toBe(true);
    for (const { link, dimensions } of links) {
      for (const member of [link.text, ...[link.href].flat()]) expect(dimensions).toContain(member);
    }
  });

  it('has a dashboard whose panels name existing visualization files', () => {
    const names = new Set(visualizations.map(({ file }) => path.posix.basename(file, '.yaml')));
    const dashboards = filesIn(repository, `${configDir}/analytics/dashboards`, ['.yaml']);
    expect(dashboards).toEqual(['.gitlab/analytics/dashboards/shop_overview.yaml']);
    for (const file of dashboards) {
      const result = readYamlWith(dashboardDefinitionSchema, file, repository.get(file) ?? '');
      if (!result.ok) throw new Error(result.problems.map(formatProblem).join('\n'));
      for (const panel of result.data.panels)
        if (typeof panel.visualization === 'string') expect(names).toContain(panel.visualization);
    }
  });
});
