import type { APIRoute, GetStaticPaths } from 'astro';
import { buildJsonSchema, PUBLISHED_SCHEMAS } from '../../site/json-schemas.ts';
import { jsonResponse } from '../../site/register-json.ts';
import { siteRegister } from '../../site/site-register.ts';

export const getStaticPaths = (() =>
  PUBLISHED_SCHEMAS.map((published) => ({ params: { name: published.name } }))) satisfies GetStaticPaths;

/** The JSON Schema of one kind of YAML file users write. */
export const GET: APIRoute = async ({ params }) => {
  const register = await siteRegister();
  const published = PUBLISHED_SCHEMAS.find((candidate) => candidate.name === params.name);
  if (!published) return new Response('unknown schema', { status: 404 });
  return jsonResponse(buildJsonSchema(published, register.settings.site_url));
};
