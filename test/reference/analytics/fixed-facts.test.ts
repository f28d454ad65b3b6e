import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { COLLECTOR_PATH } from '../../../src/reference/analytics/collector/collector-handlers.ts';
import { createAnalyticsModule } from '../../../src/reference/analytics/module.ts';
import { EVENT_MEASURES, TRACKED_EVENTS } from '../../../src/reference/analytics/tracked-events.ts';
import { manualClock } from '../../../src/reference/platform/clock.ts';
import { demoFixtures } from '../../../src/reference/platform/world.ts';

const README = readFileSync(path.resolve(import.meta.dirname, '../../../README.md'), 'utf8');
/** The README's table of fixed facts: `| fact | value |` rows after "Fixed facts". */
const facts = new Map(
  README.slice(README.indexOf('Fixed facts'))
    .split('\n')
    .filter((line) => line.startsWith('| ') && !line.startsWith('| ---'))
    .map((line) => line.split('|').map((cell) => cell.trim()))
    .map(([, fact, value]) => [fact as string, value as string]),
);

describe('fixed facts of the product-analytics reference, as the README states them', () => {
  it('name the collector path, the app id, the funnel file, the measures and the time dimension the code has', () => {
    const platform = { fixtures: demoFixtures(), clock: manualClock('2024-06-01T00:00:00Z') };
    const { state } = createAnalyticsModule(platform);
    const project = platform.fixtures.projects.find((candidate) => candidate.id === 1);
    expect(project).toBeDefined();

    expect(facts.get('event collector')).toContain(`\`POST ${COLLECTOR_PATH}\``);
    expect(COLLECTOR_PATH).toBe('/com.snowplowanalytics.snowplow/tp2');
    expect(facts.get("project 1's tracking app id")).toBe(`\`${state.appIdOf(project as NonNullable<typeof project>)}\``);
    expect(facts.get("project 1's funnel")).toMatch(
      /^`completed_purchase`, from `\.gitlab\/analytics\/funnels\/completed_purchase\.yaml` in `content\/examples\/demo-app\/`$/,
    );
    expect(facts.get('measures')).toBe(EVENT_MEASURES.map((measure) => `\`${TRACKED_EVENTS}.${measure}\``).join(', '));
    expect(facts.get('time dimension')).toBe(`\`${TRACKED_EVENTS}.utcTime\``);
    expect(facts.get('query endpoint (spec endpoint 1)')).toMatch(/`PRIVATE-TOKEN` \(any demo token with read access\)/);
  });
});
