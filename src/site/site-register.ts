import { loadRegister, type Register } from '../register/index.ts';
import { loadSiteRegisters } from '../register/merge/site-registers.ts';
import { markPagesStarted, timedAsync } from './build-timings.ts';
import { contentDir } from './content-dir.ts';

/**
 * The register with the site's address as the build settled it (astro.config.mjs sets
 * `SUNSET_BUILD_SITE_URL` from `SUNSET_SITE_URL`, `site-url` in the settings file or the register), so pages,
 * feeds and JSON files link where the site is published. The register's methods close over its data, so a
 * copy with other settings keeps them.
 */
export async function withSiteUrl(register: Register): Promise<Register> {
  const siteUrl = process.env.SUNSET_BUILD_SITE_URL || register.settings.site_url;
  if (siteUrl === register.settings.site_url) return register;
  return { ...register, settings: { ...register.settings, site_url: siteUrl } };
}

let loading: Promise<Register> | undefined;
let loadedAt = 0;

/**
 * The register every page renders from, loaded once per build. Under `astro dev` it is read again when the
 * last read is more than a second old, so edits to content show on the next page load. Bad content throws
 * a `ContentError` listing every problem with its file and line, which stops the build.
 */
export function siteRegister(): Promise<Register> {
  markPagesStarted();
  const stale = process.env.NODE_ENV === 'development' && Date.now() - loadedAt > 1000;
  if (!loading || stale) {
    // Register folders named by SUNSET_REGISTER (sunset import --out) are merged into the built-in one.
    loading = timedAsync('content', () =>
      loadRegister(contentDir())
        .then((register) => loadSiteRegisters(register, process.env))
        .then(withSiteUrl),
    );
    loadedAt = Date.now();
  }
  return loading;
}
