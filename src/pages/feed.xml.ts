import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { APIRoute } from 'astro';
import { contentDir } from '../site/content-dir.ts';
import { buildFeed } from '../site/feed.ts';
import { siteRegister } from '../site/site-register.ts';

/** The register as an Atom feed; an entry's date is when its file last changed. */
export const GET: APIRoute = async () => {
  const register = await siteRegister();
  const root = contentDir();
  const updated = new Map<string, Date>();
  await Promise.all(
    register.entries.map(async (entry) => {
      const source = register.sources.get(`entry:${entry.id}`);
      if (source) updated.set(entry.id, (await stat(path.resolve(root, source))).mtime);
    }),
  );
  const xml = buildFeed(register.entries, { siteUrl: register.settings.site_url, updated, fallback: new Date() });
  return new Response(xml, { headers: { 'Content-Type': 'application/atom+xml; charset=utf-8' } });
};
