/**
 * A page's sections, found in its rendered HTML: every `<h2>` gets an id (kept when it has one, else made
 * from its text, unique on the page) and a link to itself after it, and is listed for the page's "On this
 * page" list. Working on the HTML lets every page have both without each page naming its headings twice.
 * Subsections (`<h3>`) keep their ids but get no link: on the longest pages (an endpoint's) their links
 * would cost more than the page's weight budget leaves.
 */

/** One section of a page: a second-level heading. */
export interface PageSection {
  /** The heading's id, the section's fragment. */
  id: string;
  /** The heading's text, without the badges shown beside it. */
  text: string;
}

const HEADING = /<h(2)((?:\s[^>]*)?)>([\s\S]*?)<\/h2>/g;

/** Text of a heading's HTML: tags dropped, badges (`class="badge …"`) left out, entities decoded. */
export function headingText(html: string): string {
  return html
    .replace(/<(a|span)\b[^>]*class="[^"]*\bbadge\b[^"]*"[^>]*>[\s\S]*?<\/\1>/g, '')
    .replace(/<[^>]+>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

/** An id made from a heading's text: `Request body` → `request-body`. */
export function slugify(text: string): string {
  const slug = text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9_]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug || 'section';
}

const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * Gives the headings of a page's HTML ids and anchor links, and lists its sections. Headings inside a
 * `<template>` or marked `data-no-anchor` are left alone (they are not the page's own outline).
 */
export function addSectionAnchors(html: string): { html: string; sections: PageSection[] } {
  // The ids the page already uses, read once a heading needs one made (most pages' headings come with theirs).
  let taken: Set<string> | undefined;
  const sections: PageSection[] = [];
  const templates = html.includes('<template')
    ? [...html.matchAll(/<template\b[\s\S]*?<\/template>/g)].map((match) => [match.index, match.index + match[0].length])
    : [];
  const inTemplate = (at: number) => templates.some(([start, end]) => at >= (start as number) && at < (end as number));
  const out = html.replace(HEADING, (whole, level: string, attributes: string, inner: string, offset: number) => {
    if (inTemplate(offset) || /\sdata-no-anchor\b/.test(attributes) || /\shidden\b/.test(attributes)) return whole;
    // A heading that is itself a link (a card leading to another page) names no section of this page.
    if (/^\s*<a\b[^>]*>[\s\S]*<\/a>\s*$/.test(inner) && !/<\/a>[\s\S]*<a\b/.test(inner)) return whole;
    const text = headingText(inner);
    if (!text) return whole;
    let id = /\sid="([^"]+)"/.exec(attributes)?.[1];
    let opening = `<h${level}${attributes}>`;
    if (!id) {
      const base = slugify(text);
      id = base;
      taken ??= new Set([...html.matchAll(/\sid="([^"]+)"/g)].map((match) => match[1] as string));
      for (let n = 2; taken.has(id); n++) id = `${base}-${n}`;
      taken.add(id);
      opening = `<h${level} id="${id}"${attributes}>`;
    }
    sections.push({ id, text });
    // Named by its section, so a list of the page's links says where each goes; the "#" is only drawn.
    const anchor = `<a class="heading-anchor" href="#${escapeAttribute(id)}" aria-label="Section “${escapeAttribute(text)}”">#</a>`;
    return `<div class="heading-wrap">${opening}${inner}</h${level}>${anchor}</div>`;
  });
  return { html: out, sections };
}

/** Where the "On this page" list goes: after the page's `<h1>` and the lede right below it, if any. */
export function insertAfterTitle(html: string, addition: string): string {
  const title = /<\/h1>/.exec(html);
  if (!title) return addition + html;
  let at = title.index + title[0].length;
  const lede = /^\s*<p class="lede"[^>]*>[\s\S]*?<\/p>/.exec(html.slice(at));
  if (lede) at += lede[0].length;
  return html.slice(0, at) + addition + html.slice(at);
}

/** Sections from this many on make a page long enough for an "On this page" list. */
export const CONTENTS_FROM = 4;

/** The "On this page" list of a page's sections, as HTML; empty for a page with fewer than `CONTENTS_FROM`. */
export function pageContentsHtml(sections: readonly PageSection[]): string {
  if (sections.length < CONTENTS_FROM) return '';
  const items = sections
    .map((section) => `<li><a href="#${escapeAttribute(section.id)}">${escapeAttribute(section.text)}</a></li>`)
    .join('');
  return (
    '<nav class="page-contents" aria-label="On this page" data-pagefind-ignore>' +
    `<details open><summary>On this page</summary><ul>${items}</ul></details></nav>`
  );
}
