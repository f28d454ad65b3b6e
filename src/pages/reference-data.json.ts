import type { APIRoute } from 'astro';
import { readFunnelDefinitions } from '../reference/analytics/funnels/funnel-definitions.ts';
import { readFixtureRepositories } from '../reference/analytics/repository/read-fixture-repositories.ts';
import { buildReferenceData } from '../reference/browser/reference-data.ts';
import { demoFixtures } from '../reference/platform/world.ts';
import { contentDir } from '../site/content-dir.ts';
import { jsonResponse } from '../site/register-json.ts';
import { siteRegister } from '../site/site-register.ts';

/**
 * What the in-browser reference implementation starts from: enforcement entries, releases, endpoints' routes
 * and the fixture repositories' funnels as read here (the repositories themselves are reference-repositories.json).
 */
export const GET: APIRoute = async () => {
  const register = await siteRegister();
  const repositories = await readFixtureRepositories(contentDir(), demoFixtures().projects);
  return jsonResponse(
    buildReferenceData({
      entries: register.entries,
      // The reference models the built-in register: releases only imported data names change none of its answers.
      releases: register.releases.filter((release) => release.origin !== 'imported'),
      endpoints: register.endpoints,
      limits: register.limits,
      siteUrl: register.settings.site_url,
      configDir: register.settings.config_dir,
      funnels: Object.fromEntries(
        Object.entries(repositories).map(([id, files]) => [id, readFunnelDefinitions(files, register.settings.config_dir)]),
      ),
    }),
    { compact: true },
  );
};
