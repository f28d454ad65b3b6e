import { describe, expect, it } from 'vitest';
import { buildLogFilter, isKnownHarmless } from '../../src/site/build-log-filter.ts';

const headInject = {
  code: 'MODULE_LEVEL_DIRECTIVE',
  message:
    'The semantics of the module level directive "use astro:head-inject" in "content/guides/funnels.mdx?astroPropagatedAssets" may not be preserved when bundling.',
};

/** What the test reads of the site's Astro configuration. */
type SiteConfig = { vite?: { build?: { rolldownOptions?: { onLog?: unknown } } } };
const siteConfig = async () =>
  // @ts-expect-error: the configuration is plain JavaScript, with no declaration file.
  ((await import('../../astro.config.mjs')) as { default: SiteConfig }).default;

describe('buildLogFilter', () => {
  const passed = (log: { code?: string; message: string }, level = 'warn') => {
    const handled: unknown[] = [];
    buildLogFilter(level, log, (...args) => void handled.push(args));
    return handled;
  };

  it("leaves out only the bundler's warning about Astro's head-inject marker in MDX guides", () => {
    expect(isKnownHarmless(headInject)).toBe(true);
    expect(passed(headInject)).toEqual([]);
  });

  it('hands every other log to the bundler, the same code for another directive included', () => {
    const useClient = { code: 'MODULE_LEVEL_DIRECTIVE', message: 'The module level directive "use client" may not be preserved' };
    const unresolved = { code: 'UNRESOLVED_IMPORT', message: 'could not resolve "astro:head-inject"' };
    const plain = { message: 'built in 1.2s' };
    expect(passed(useClient)).toEqual([['warn', useClient]]);
    expect(passed(unresolved)).toEqual([['warn', unresolved]]);
    expect(passed(plain, 'info')).toEqual([['info', plain]]);
  });

  it("is the site build's bundler log handler", async () => {
    expect((await siteConfig()).vite?.build?.rolldownOptions?.onLog).toBe(buildLogFilter);
  });
});
