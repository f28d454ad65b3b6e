import type { APIRoute } from 'astro';
import { buildOpenApi } from '../site/openapi.ts';
import { jsonResponse } from '../site/register-json.ts';
import { siteRegister } from '../site/site-register.ts';

/** OpenAPI 3.1 of every endpoint in `content/api/`. */
export const GET: APIRoute = async () => {
  const register = await siteRegister();
  const newest = register.releases.at(-1)?.release ?? '0.0';
  return jsonResponse(
    buildOpenApi(register.endpoints, {
      baseUrl: register.settings.base_url,
      siteUrl: register.settings.site_url,
      areas: register.areas,
      entries: register.entries,
      version: newest,
    }),
  );
};
