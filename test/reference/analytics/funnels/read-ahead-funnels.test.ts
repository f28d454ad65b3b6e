import { describe, expect, it } from 'vitest';
import { readFunnelDefinitions } from '../../../../src/reference/analytics/funnels/funnel-definitions.ts';
import { createAnalyticsModule } from '../../../../src/reference/analytics/module.ts';
import { manualClock } from '../../../../src/reference/platform/clock.ts';
import { LIMITS_WITHOUT_REGISTER } from '../../../../src/reference/platform/reference-limits.ts';
import { demoFixtures } from '../../../../src/reference/platform/world.ts';

const FILE = '.gitlab/analytics/funnels/signed_up.yaml';
const funnel = (page: string) =>
  `seconds_to_convert: 3600\nsteps:\n  - name: first\n    action: pageview\n    target: /${page}\n  - name: second\n    action: pageview\n    target: /${page}/done\n`;

describe('funnel definitions read ahead (the site build reads them, so the browser needs no YAML parser)', () => {
  const start = () => {
    const repositories = { 1: new Map([[FILE, funnel('signup')]]) };
    // What the build read: a funnel the repository no longer matches, so the test can tell which was used.
    const readAhead = readFunnelDefinitions(new Map([['.gitlab/analytics/funnels/read_ahead.yaml', funnel('visit')]]), '.gitlab');
    const platform = { fixtures: demoFixtures(), clock: manualClock('2024-06-01T00:00:00Z'), limits: LIMITS_WITHOUT_REGISTER };
    return createAnalyticsModule(platform, { repositories, funnelDefinitions: { 1: readAhead } }).state;
  };

  it('queries the funnels read ahead without reading the repository', async () => {
    const state = start();
    expect((await state.catalog(1)).catalog.cubes()).toContain('read_ahead');
    expect((await state.catalog(1)).catalog.cubes()).not.toContain('signed_up');
  });

  it('reads the YAML again once a definition is written, and reports its problems', async () => {
    const state = start();
    state.writeRepositoryFile(1, FILE, funnel('signup'));
    const written = await state.catalog(1);
    expect(written.catalog.cubes()).toContain('signed_up');
    expect(written.catalog.cubes()).not.toContain('read_ahead');
    state.writeRepositoryFile(1, FILE, 'steps: [');
    const broken = await state.catalog(1);
    expect(broken.problems[0]).toMatchObject({ file: FILE, line: 1 });
    expect(broken.catalog.brokenFunnels.map((item) => item.slug)).toEqual(['signed_up']);
  });

  it('reads the YAML on first query when nothing was read ahead', async () => {
    const platform = { fixtures: demoFixtures(), clock: manualClock('2024-06-01T00:00:00Z'), limits: LIMITS_WITHOUT_REGISTER };
    const { state } = createAnalyticsModule(platform, { repositories: { 1: new Map([[FILE, funnel('signup')]]) } });
    expect((await state.catalog(1)).catalog.cubes()).toContain('signed_up');
  });
});
