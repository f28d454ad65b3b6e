import type { APIRoute, GetStaticPaths } from 'astro';
import { buildReleaseJson, jsonResponse } from '../../site/register-json.ts';
import { siteRegister } from '../../site/site-register.ts';

export const getStaticPaths = (async () => {
  const register = await siteRegister();
  return register.entryReleases().map((release) => ({ params: { release } }));
}) satisfies GetStaticPaths;

/** One release's entries. */
export const GET: APIRoute = async ({ params }) => {
  const register = await siteRegister();
  const release = params.release as string;
  return jsonResponse(buildReleaseJson(release, register.byRelease(release), register.settings.site_url));
};
