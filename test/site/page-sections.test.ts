import { describe, expect, it } from 'vitest';
import {
  addSectionAnchors,
  CONTENTS_FROM,
  headingText,
  insertAfterTitle,
  pageContentsHtml,
  slugify,
} from '../../src/site/page-sections.ts';

const sections = (count: number) => Array.from({ length: count }, (_, index) => ({ id: `s${index}`, text: `Section ${index}` }));

describe('page sections', () => {
  it('keeps a heading’s id, makes one from its text when it has none, and never repeats one on the page', () => {
    const { html, sections: found } = addSectionAnchors(
      '<p id="names">x</p><h2 id="auth">Auth</h2><h2>Names</h2><h2>Names</h2><h3>Request body</h3>',
    );
    expect(found).toEqual([
      { id: 'auth', text: 'Auth' },
      { id: 'names-2', text: 'Names' },
      { id: 'names-3', text: 'Names' },
    ]);
    // Subsections are left as they are.
    expect(html).toContain('<h3>Request body</h3>');
    expect(html.match(/heading-anchor/g)).toHaveLength(3);
  });

  it('puts a link to each heading after it, outside the heading, so the heading’s name stays its text', () => {
    const { html } = addSectionAnchors('<h2 id="limits">Limits <a class="badge" href="/x/">reference’s own shape</a></h2>');
    expect(html).toBe(
      '<div class="heading-wrap"><h2 id="limits">Limits <a class="badge" href="/x/">reference’s own shape</a></h2>' +
        '<a class="heading-anchor" href="#limits" aria-label="Section “Limits”">#</a></div>',
    );
  });

  it('leaves alone headings in templates, hidden ones, marked ones, empty ones and ones that are links elsewhere', () => {
    const input =
      '<template><h2>Later</h2></template><h2 hidden>Hidden</h2><h2 data-no-anchor>Marked</h2><h2><span></span></h2>' +
      '<h2><a href="/try/errors/">Error tracking</a></h2>';
    expect(addSectionAnchors(input)).toEqual({ html: input, sections: [] });
  });

  it('reads a heading’s text without tags, badges or entities', () => {
    expect(headingText('Run <code>a &amp; b</code> <span class="badge badge-x">new</span>')).toBe('Run a & b');
    expect(slugify('Ürün: Request body!')).toBe('urun-request-body');
    expect(slugify('!!!')).toBe('section');
  });

  it(`lists sections from ${CONTENTS_FROM} on, and none below`, () => {
    expect(pageContentsHtml(sections(CONTENTS_FROM - 1))).toBe('');
    const list = pageContentsHtml(sections(CONTENTS_FROM));
    expect(list).toContain('aria-label="On this page"');
    expect([...list.matchAll(/<li>/g)]).toHaveLength(CONTENTS_FROM);
    expect(pageContentsHtml([{ id: 'a"b', text: '<x>' }, ...sections(3)])).toContain('<a href="#a&quot;b">&lt;x></a>');
  });

  it('places the list after the title and its lede, or first when the page has no title', () => {
    expect(insertAfterTitle('<h1>T</h1><p class="lede">L</p><p>P</p>', '[list]')).toBe(
      '<h1>T</h1><p class="lede">L</p>[list]<p>P</p>',
    );
    expect(insertAfterTitle('<h1>T</h1><p>P</p>', '[list]')).toBe('<h1>T</h1>[list]<p>P</p>');
    expect(insertAfterTitle('<p>P</p>', '[list]')).toBe('[list]<p>P</p>');
  });
});
