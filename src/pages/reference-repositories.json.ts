import type { APIRoute } from 'astro';
import { readFixtureRepositories } from '../reference/analytics/repository/read-fixture-repositories.ts';
import { buildReferenceRepositories } from '../reference/browser/reference-data.ts';
import { demoFixtures } from '../reference/platform/world.ts';
import { contentDir } from '../site/content-dir.ts';
import { jsonResponse } from '../site/register-json.ts';

/** The demo projects' fixture repositories, which the in-browser reference loads when a playground asks for them. */
export const GET: APIRoute = async () =>
  jsonResponse(buildReferenceRepositories(await readFixtureRepositories(contentDir(), demoFixtures().projects)), {
    compact: true,
  });
