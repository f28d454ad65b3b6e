import { indexedText } from './search-text.ts';

/** How Pagefind is told to read a page: the element that holds what it indexes. */
const BODY_MARK = 'data-pagefind-body';
/** Anything Pagefind reads outside the body element (filters, meta, sort keys) carries this prefix. */
const PAGEFIND_MARK = 'data-pagefind';
/** What marks an element Pagefind leaves out of the index. */
const IGNORE_MARK = 'data-pagefind-ignore';

/**
 * Whether the index reads the page: once any page marks its content with `data-pagefind-body`, Pagefind
 * leaves out every page that does not, so those need not be sent to it at all. The test is on the text, so
 * a page that merely mentions the attribute is sent, and Pagefind decides, as before.
 */
export function isIndexedPage(html: string): boolean {
  return html.includes(BODY_MARK);
}

/**
 * The page without the parts of `<body>` around `<main>` (header, navigation, footer), which every page
 * repeats and Pagefind skips on a page with `data-pagefind-body` — it still has to parse them. A part that
 * holds any `data-pagefind-*` attribute stays, since Pagefind reads filters and meta anywhere on the page;
 * so does the whole page when it has no single `<main>` or marks no body.
 */
export function withoutChrome(html: string): string {
  if (!isIndexedPage(html)) return html;
  const bodyStart = html.indexOf('<body');
  const bodyOpenEnd = bodyStart < 0 ? -1 : html.indexOf('>', bodyStart) + 1;
  const mainStart = html.indexOf('<main');
  const mainEnd = html.lastIndexOf('</main>');
  const bodyEnd = html.lastIndexOf('</body>');
  if (bodyOpenEnd <= 0 || mainStart < bodyOpenEnd || mainEnd < mainStart || bodyEnd < mainEnd) return html;
  if (html.indexOf('<main', mainStart + 1) >= 0) return html;
  const before = html.slice(bodyOpenEnd, mainStart);
  const after = html.slice(mainEnd + '</main>'.length, bodyEnd);
  return (
    html.slice(0, bodyOpenEnd) +
    (before.includes(PAGEFIND_MARK) ? before : '') +
    html.slice(mainStart, mainEnd + '</main>'.length) +
    (after.includes(PAGEFIND_MARK) ? after : '') +
    html.slice(bodyEnd)
  );
}

/** A tag's attributes, quoted values read whole: a value may hold `<` and `>` (Astro leaves them as they are). */
const ATTRIBUTES = `(?:[^"'>]|"[^"]*"|'[^']*')*`;

/**
 * The page's tags in order, as one pattern: a comment, a script or style element whole (their text is not
 * markup), or a tag, with whether it closes, its name and its attributes.
 */
const TAG = new RegExp(
  String.raw`<!--[\s\S]*?-->|<(script|style)\b${ATTRIBUTES}>[\s\S]*?<\/\1\s*>|<(\/?)([a-zA-Z][\w-]*)\b(${ATTRIBUTES})>`,
  'gi',
);

/** The value of a tag's `data-pagefind-ignore` ('' without one), or undefined when it has none. */
function ignoreMark(attributes: string): string | undefined {
  if (!/data-pagefind-ignore/i.test(attributes)) return undefined;
  for (const attribute of attributes.matchAll(/\s+([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g))
    if (attribute[1]?.toLowerCase() === IGNORE_MARK) return attribute[2] ?? attribute[3] ?? attribute[4] ?? '';
  return undefined;
}

/**
 * Where the element named `name` ends (the index after its closing tag), reading on from the tag that opened it,
 * the last one `tags` (a copy of {@link TAG}) matched; elements of the same name inside it are counted.
 * Undefined when it never closes.
 */
function elementEnd(html: string, tags: RegExp, name: string): number | undefined {
  let depth = 1;
  for (let tag = tags.exec(html); tag; tag = tags.exec(html)) {
    if (tag[3]?.toLowerCase() !== name) continue;
    depth += tag[2] === '/' ? -1 : 1;
    if (depth === 0) return tag.index + tag[0].length;
  }
  return undefined;
}

/**
 * The page without the elements marked `data-pagefind-ignore`, which Pagefind parses only to leave them out
 * of the index: sent without them, it reads a fifth to a third less of each page and writes the same index.
 * An element that holds another `data-pagefind-*` attribute stays, since Pagefind still reads filters and
 * meta inside an ignored element, unless it is marked `data-pagefind-ignore="all"`. An element whose end is
 * not found stays too. Tags are read in order, attribute values whole, so a `<p>` inside a value is no tag.
 */
export function withoutIgnored(html: string): string {
  if (!html.includes(IGNORE_MARK)) return html;
  const tags = new RegExp(TAG.source, TAG.flags);
  let kept = '';
  let from = 0;
  for (let tag = tags.exec(html); tag; tag = tags.exec(html)) {
    const name = tag[3]?.toLowerCase();
    const mark = name === undefined || tag[2] === '/' ? undefined : ignoreMark(tag[4] as string);
    if (mark === undefined) continue;
    const start = tag.index;
    const end = elementEnd(html, tags, name as string);
    if (end === undefined) break;
    // Other ignored elements inside it go with it; any other mark keeps it.
    const inner = html.slice(start, end).replaceAll(IGNORE_MARK, '');
    if (mark === 'all' || !inner.includes(PAGEFIND_MARK)) {
      kept += html.slice(from, start);
      from = end;
    }
  }
  return kept + html.slice(from);
}

/**
 * How long the rest of `<main>` after the body must be before {@link withoutRestOfMain} reads the body to cut it:
 * an ordinary page's rest is a few hundred bytes, and reading its body for them would only add work.
 */
const REST_WORTH_CUTTING = 64 * 1024;

/**
 * What Pagefind reads outside a body: any `data-pagefind-*` attribute but `data-pagefind-ignore` (an ignored
 * element outside every body adds nothing, unless it holds a filter or meta, which this finds), the first
 * `<h1>` (its default title) and the first `<img>` (its default image).
 */
const READ_OUTSIDE_BODY = /data-pagefind-(?!ignore(?![\w-]))|<(?:h1|img)[\s/>]/i;

/** A tag's attributes name the body mark as an attribute of its own, not inside another's value. */
const BODY_ATTRIBUTE = /(?:^|\s)data-pagefind-body(?=[\s=/]|$)/i;

/** Elements whose content is text, not tags, with how they end: a `<` inside one starts no tag. */
const RAW_TEXT: readonly (readonly [string, string])[] = [
  ['<!--', '-->'],
  ['<script', '</script'],
  ['<style', '</style'],
  ['<title', '</title'],
  ['<textarea', '</textarea'],
];

/** Whether position `at` lies inside a comment or an element whose content is text (as written by Astro, lower case). */
function inRawText(html: string, at: number): boolean {
  return RAW_TEXT.some(([open, close]) => {
    const opened = html.lastIndexOf(open, at - 1);
    if (opened < 0) return false;
    const closed = html.indexOf(close, opened + open.length);
    return closed < 0 || closed >= at;
  });
}

/**
 * The page without the part of `<main>` that follows its last element marked `data-pagefind-body`, when that
 * part holds nothing Pagefind reads outside a body (see {@link READ_OUTSIDE_BODY}). An upgrade checklist marks
 * only its opening as body, and a release page its summary: the checklist and the list of changes after them
 * run to megabytes on a large register, which Pagefind would parse only to leave out. The page stays as it is
 * when fewer than `minimum` characters lie between the last mark and the last `</main>` (the body is not
 * worth reading then), when the last mark is not an attribute of a tag (it is
 * text, a value, or inside a script, style, comment, title or textarea), when that element never closes, or
 * when no `</main>` follows it.
 */
export function withoutRestOfMain(html: string, minimum = REST_WORTH_CUTTING): string {
  const mark = html.lastIndexOf(BODY_MARK);
  const mainEnd = html.lastIndexOf('</main>');
  if (mark < 0 || mainEnd - mark < minimum) return html;
  const start = html.lastIndexOf('<', mark);
  if (start < 0 || inRawText(html, start)) return html;
  const tags = new RegExp(TAG.source, TAG.flags);
  tags.lastIndex = start;
  const opening = tags.exec(html);
  const name = opening?.[3]?.toLowerCase();
  if (!opening || opening.index !== start || opening[2] === '/' || !name || !BODY_ATTRIBUTE.test(opening[4] as string))
    return html;
  const bodyEnd = elementEnd(html, tags, name);
  const restEnd = bodyEnd === undefined ? -1 : html.indexOf('</main>', bodyEnd);
  if (bodyEnd === undefined || restEnd < 0 || READ_OUTSIDE_BODY.test(html.slice(bodyEnd, restEnd))) return html;
  return html.slice(0, bodyEnd) + html.slice(restEnd);
}

/** A page as the index receives it: its site path, and its text as the index reads it (see search-text.ts). */
export interface IndexedPage {
  sourcePath: string;
  content: string;
}

/**
 * Sends the pages to the index in the order given, with what Pagefind would skip left out: pages without a
 * body mark (when some page has one) and the chrome around `<main>`. `read` gives a page's HTML by its
 * path. The next page is read and prepared while the index takes in the one before it, so the two overlap.
 * One page is in the index's hands at a time: given several at once, Pagefind numbers them in the order
 * it finishes them, and its filters then name other pages than its word index does.
 * Returns how many pages were sent. (A {@link pageStream} offered nothing, finished over these pages.)
 */
export function indexPages(
  names: readonly string[],
  read: (name: string) => Promise<string>,
  add: (page: IndexedPage) => Promise<void>,
): Promise<number> {
  return pageStream(add).finish(names, read);
}

/** What a page goes to the index as, or undefined when the index would leave it out (no body mark). */
export function preparedPage(sourcePath: string, html: string): IndexedPage | undefined {
  return isIndexedPage(html)
    ? { sourcePath, content: indexedText(withoutIgnored(withoutRestOfMain(withoutChrome(html)))) }
    : undefined;
}

/** Pages were offered to the index that the site as written does not hold. */
export class StrayPagesError extends Error {
  constructor(stray: readonly string[]) {
    super(`pages were indexed that the site does not hold: ${stray.slice(0, 3).join(', ')}${stray.length > 3 ? ' …' : ''}`);
    this.name = 'StrayPagesError';
  }
}

/** Pages given to an index while the site is still being rendered (see {@link pageStream}). */
export interface PageStream {
  /**
   * Takes a page as it is rendered: it is prepared at once and sent once the pages before it are in, so
   * the next is prepared while the index takes in the one before. A path offered again is left out.
   */
  offer(sourcePath: string, html: string): void;
  /**
   * Once the last page has been offered: waits for the pages in flight, sends the pages of `onDisk` (the
   * site's pages as written) that were not offered, in the order given, and, when no page marks a body,
   * every page whole. Returns how many pages were sent. Fails with the first error of the index, and with a
   * {@link StrayPagesError} when a page was offered that `onDisk` does not hold (the index would name a page
   * the site does not have).
   */
  finish(onDisk: readonly string[], read: (name: string) => Promise<string>): Promise<number>;
}

/**
 * Sends pages to the index in the order they are offered, one at a time (the index numbers pages in the
 * order it finishes them), with what Pagefind would skip left out. Used while
 * the site renders, so indexing overlaps rendering instead of following it. `handled` is called once for
 * each page offered, when the index has taken it in or failed (or at once for a page it leaves out), so the
 * render can be held back while too many pages wait.
 */
export function pageStream(add: (page: IndexedPage) => Promise<void>, handled: () => void = () => undefined): PageStream {
  const offered = new Set<string>();
  const unmarked: string[] = [];
  let sent = 0;
  let chain: Promise<void> = Promise.resolve();
  const send = (page: IndexedPage, then?: () => void) => {
    chain = chain.then(async () => {
      await add(page);
      sent++;
    });
    // A failure is met by `finish`; it must not go unhandled while pages are still being offered.
    chain.catch(() => undefined);
    // Said even when the index failed (the page is not waiting any more), so a render held back goes on to the end.
    if (then) chain.then(then, then);
  };
  return {
    offer(sourcePath, html) {
      // A page rendered twice goes in once, as it is written once.
      if (offered.has(sourcePath)) {
        handled();
        return;
      }
      offered.add(sourcePath);
      const page = preparedPage(sourcePath, html);
      if (page) send(page, handled);
      else {
        unmarked.push(sourcePath);
        handled();
      }
    },
    async finish(onDisk, read) {
      await chain;
      const written = new Set(onDisk);
      const stray = [...offered].filter((name) => !written.has(name));
      if (stray.length > 0) throw new StrayPagesError(stray);
      // Each page read while the one before it goes in, and sent once that one is in: one page ahead, not the site.
      const sendInTurn = async (name: string, prepare: (html: string) => IndexedPage | undefined) => {
        const before = chain;
        const page = prepare(await read(name));
        await before;
        if (page) send(page);
        return page;
      };
      for (const name of onDisk) {
        if (offered.has(name)) continue;
        if (!(await sendInTurn(name, (html) => preparedPage(name, html)))) unmarked.push(name);
      }
      await chain;
      // No page marks a body: Pagefind indexes every page whole, so the pages held back go in after all.
      if (sent === 0)
        for (const name of unmarked) await sendInTurn(name, (html) => ({ sourcePath: name, content: indexedText(html) }));
      await chain;
      return sent;
    },
  };
}
