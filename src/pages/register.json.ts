import type { APIRoute } from 'astro';
import { buildRegisterJson, jsonResponse } from '../site/register-json.ts';
import { siteRegister } from '../site/site-register.ts';

/** Every register entry, with a schema version. */
export const GET: APIRoute = async () => {
  const register = await siteRegister();
  return jsonResponse(
    buildRegisterJson(register.entries, {
      siteUrl: register.settings.site_url,
      areas: register.areas,
      releases: register.releases,
      upgradeStops: register.upgradeStops,
      conflicts: register.conflicts,
    }),
  );
};
