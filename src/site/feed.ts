import { escapeHtml, plainText, renderMarkdown } from '../markdown/markdown.ts';
import { KIND_LABELS } from '../register/labels.ts';
import type { RegisterEntry } from '../schemas/register-entry.ts';

/** What the feed needs besides the entries. */
export interface FeedOptions {
  siteUrl: string;
  /** When each entry last changed, by id; entries without a date use `fallback`. */
  updated: ReadonlyMap<string, Date>;
  /** Used for entries without a date and when there are no entries. */
  fallback: Date;
}

/** The Atom feed of the register: one `<entry>` per register entry, newest change first. */
export function buildFeed(entries: readonly RegisterEntry[], options: FeedOptions): string {
  const base = options.siteUrl.replace(/\/+$/, '');
  const dateOf = (entry: RegisterEntry) => options.updated.get(entry.id) ?? options.fallback;
  const sorted = [...entries].sort((a, b) => dateOf(b).getTime() - dateOf(a).getTime() || a.id.localeCompare(b.id));
  const newest = sorted[0] ? dateOf(sorted[0]) : options.fallback;
  const items = sorted.map((entry) => {
    const url = `${base}/register/${entry.id}/`;
    const kind = KIND_LABELS[entry.kind] ?? entry.kind;
    const content = `${renderMarkdown(entry.summary)}<h2>What to do</h2>${renderMarkdown(entry.migration)}`;
    return [
      '  <entry>',
      `    <id>${escapeHtml(url)}</id>`,
      `    <title>${escapeHtml(`${entry.removed_in}: ${plainText(entry.title)}`)}</title>`,
      `    <link rel="alternate" type="text/html" href="${escapeHtml(url)}"/>`,
      `    <updated>${dateOf(entry).toISOString()}</updated>`,
      `    <category term="${escapeHtml(entry.area)}" label="area"/>`,
      `    <category term="${escapeHtml(entry.kind)}" label="${escapeHtml(kind)}"/>`,
      `    <category term="${escapeHtml(entry.removed_in)}" label="release"/>`,
      ...(entry.breaking ? ['    <category term="breaking"/>'] : []),
      `    <summary type="text">${escapeHtml(plainText(entry.summary))}</summary>`,
      `    <content type="html">${escapeHtml(content)}</content>`,
      '  </entry>',
    ].join('\n');
  });
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `  <id>${escapeHtml(`${base}/feed.xml`)}</id>`,
    '  <title>Sunset: the platform register</title>',
    '  <subtitle>Deprecations, removals, renames and behaviour changes by release.</subtitle>',
    `  <link rel="self" type="application/atom+xml" href="${escapeHtml(`${base}/feed.xml`)}"/>`,
    `  <link rel="alternate" type="text/html" href="${escapeHtml(`${base}/register/`)}"/>`,
    `  <updated>${newest.toISOString()}</updated>`,
    '  <author><name>Sunset</name></author>',
    ...items,
    '</feed>',
    '',
  ].join('\n');
}
