import { loadConfig, siteUrlOf } from './config-file.ts';

/**
 * Where the site is published, for its own build (Astro's `site`, the sitemap, every link a page prints):
 * `SUNSET_SITE_URL`, else `site-url` in the `.sunset.yml` (or `package.json` `sunset` key) of the folder the
 * build runs in, else the register's `site_url`. The same order `sunset check` and `sunset plan` use, so the
 * reports' links and the site they point at agree. A bad value stops the build with the file, line and field.
 */
export async function siteUrlFor(
  registerUrl: string,
  cwd: string = process.cwd(),
  env: Readonly<Record<string, string | undefined>> = process.env,
): Promise<string> {
  return siteUrlOf(await loadConfig(cwd), env) ?? registerUrl;
}
