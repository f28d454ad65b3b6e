import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { siteUrlFor } from '../../src/cli/site-url.ts';
import { loadRegister } from '../../src/register/index.ts';
import { withSiteUrl } from '../../src/site/site-register.ts';
import { tempTree } from '../check/scan/temp-tree.ts';

const REGISTER_URL = 'https://sunset.example.com/';

/** The site's Astro configuration, evaluated afresh (after `vi.resetModules`) with the environment of the moment. */
const astroConfig = (): Promise<{ default: { site?: string } }> =>
  import(pathToFileURL(path.resolve(import.meta.dirname, '../../astro.config.mjs')).href);

describe('the site build’s own address', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  it('is SUNSET_SITE_URL, else site-url in .sunset.yml, else the register’s', async () => {
    const withFile = tempTree({ '.sunset.yml': 'site-url: https://docs.example.org/sunset\n' });
    const without = tempTree({ 'README.md': 'nothing here\n' });
    expect(await siteUrlFor(REGISTER_URL, without, {})).toBe(REGISTER_URL);
    expect(await siteUrlFor(REGISTER_URL, withFile, {})).toBe('https://docs.example.org/sunset');
    expect(await siteUrlFor(REGISTER_URL, withFile, { SUNSET_SITE_URL: 'https://mirror.example.net' })).toBe(
      'https://mirror.example.net',
    );
    // Blank counts as unset, as for the CLI.
    expect(await siteUrlFor(REGISTER_URL, withFile, { SUNSET_SITE_URL: ' ' })).toBe('https://docs.example.org/sunset');
  });

  it('stops the build on a bad address, naming where it came from', async () => {
    const bad = tempTree({ '.sunset.yml': 'to: "18.0"\nsite-url: docs\n' });
    await expect(siteUrlFor(REGISTER_URL, bad, {})).rejects.toThrow(/^\.sunset\.yml:2: site-url: expected an http or https/);
    await expect(siteUrlFor(REGISTER_URL, tempTree({}), { SUNSET_SITE_URL: 'mirror' })).rejects.toThrow(
      /SUNSET_SITE_URL "mirror": expected an http or https address/,
    );
  });

  it('is Astro’s site and the address the pages’ register links to', async () => {
    vi.stubEnv('SUNSET_SITE_URL', 'https://mirror.example.net/sunset/');
    const config = (await astroConfig()).default;
    expect(config.site).toBe('https://mirror.example.net/sunset/');
    const register = await withSiteUrl(await loadRegister());
    expect(register.settings.site_url).toBe('https://mirror.example.net/sunset/');
    // The register's methods still answer on the copy.
    expect(register.entries.length).toBeGreaterThan(0);
    vi.unstubAllEnvs();
    vi.resetModules();
    const plain = (await astroConfig()).default;
    expect(plain.site).toBe((await loadRegister()).settings.site_url);
  });
});
