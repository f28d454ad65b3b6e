import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { astroCacheDir, contentDir } from '../../src/site/content-dir.ts';

describe('contentDir', () => {
  it('reads SUNSET_CONTENT_DIR and falls back to content/ in the working directory', () => {
    expect(contentDir({ SUNSET_CONTENT_DIR: '/tmp/bench/content' })).toBe('/tmp/bench/content');
    expect(contentDir({ SUNSET_CONTENT_DIR: '' })).toBe(path.resolve('content'));
    expect(contentDir({})).toBe(path.resolve('content'));
  });
});

describe('astroCacheDir', () => {
  it("gives every content directory a cache folder of its own below Astro's, the same from build to build", () => {
    const content = astroCacheDir('/work/site/content');
    const copy = astroCacheDir('/tmp/bench-1/content');
    expect(content).toMatch(/^node_modules\/\.astro\/content-[0-9a-f]{16}$/);
    expect(copy).toMatch(/^node_modules\/\.astro\/content-[0-9a-f]{16}$/);
    expect(copy).not.toBe(content);
    expect(astroCacheDir('/tmp/bench-2/content')).not.toBe(copy);
    // The same directory, however it is spelled, has the same folder.
    expect(astroCacheDir('/tmp/bench-1/./content/')).toBe(copy);
    expect(astroCacheDir('/work/site/content')).toBe(content);
  });
});

describe("the site's Astro configuration", () => {
  /** The configuration as Astro reads it, with the current environment. */
  const siteConfig = async () =>
    // @ts-expect-error: the configuration is plain JavaScript, with no declaration file.
    ((await import('../../astro.config.mjs')) as { default: { cacheDir?: string; build?: { concurrency?: number } } }).default;

  it('keeps the content Astro loads in the cache folder of the content directory it builds from', async () => {
    expect((await siteConfig()).cacheDir).toBe(astroCacheDir(contentDir()));
  });

  it('renders several pages at once (the search index takes them in the order their renders began)', async () => {
    expect((await siteConfig()).build?.concurrency).toBeGreaterThan(1);
  });
});
