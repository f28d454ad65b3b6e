import { describe, expect, it } from 'vitest';
import { buildSitemap, isHtmlPage } from '../../src/site/sitemap.ts';

describe('buildSitemap', () => {
  it('lists HTML pages once, absolute and sorted, without data files or the 404 page', () => {
    const xml = buildSitemap('https://docs.example.com/', [
      'register/',
      '',
      'feed.xml',
      'register.json',
      '404/',
      'api/x/',
      'register/',
    ]);
    expect(xml.match(/<loc>[^<]+<\/loc>/g)).toEqual([
      '<loc>https://docs.example.com/</loc>',
      '<loc>https://docs.example.com/api/x/</loc>',
      '<loc>https://docs.example.com/register/</loc>',
    ]);
  });

  it('tells pages from files by extension', () => {
    expect(isHtmlPage('releases/17.0/')).toBe(true);
    expect(isHtmlPage('releases/17.0.json')).toBe(false);
    expect(isHtmlPage('schemas/funnel.schema.json')).toBe(false);
  });
});
