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

/** An opening tag marked `data-pagefind-ignore`: its name, and the mark's value when it has one. */
const IGNORED_OPENING = /<([a-zA-Z][\w-]*)\s[^>]*?\bdata-pagefind-ignore(?:="([^"]*)")?(?=[\s>/])[^>]*>/g;

/**
 * The page without the elements marked `data-pagefind-ignore`, which Pagefind parses only to leave them out
 * of the index: sent without them, it reads a fifth to a third less of each page and writes the same index. An element that holds
 * another `data-pagefind-*` attribute stays, since Pagefind still reads filters and meta inside an ignored
 * element, unless it is marked `data-pagefind-ignore="all"`. An element whose end is not found stays too.
 */
export function withoutIgnored(html: string): string {
  if (!html.includes(IGNORE_MARK)) return html;
  const openings = new RegExp(IGNORED_OPENING.source, 'g');
  let kept = '';
  let from = 0;
  for (let opening = openings.exec(html); opening; opening = openings.exec(html)) {
    const name = (opening[1] as string).toLowerCase();
    const end = elementEnd(html, opening.index + opening[0].length, name);
    if (end === undefined) continue;
    // Other ignored elements inside it go with it; any other mark keeps it.
    const inner = html.slice(opening.index + opening[0].length, end).replaceAll(IGNORE_MARK, '');
    if (opening[2] !== 'all' && inner.includes(PAGEFIND_MARK)) continue;
    kept += html.slice(from, opening.index);
    from = end;
    openings.lastIndex = end;
  }
  return kept + html.slice(from);
}

/**
 * The index just after the closing tag of a `name` element whose content starts at `from`, counting the
 * same-named elements opened inside it; undefined when it never closes.
 */
function elementEnd(html: string, from: number, name: string): number | undefined {
  const tags = new RegExp(`<(/?)${name}(?=[\\s>/])[^>]*>`, 'gi');
  tags.lastIndex = from;
  let depth = 1;
  for (let tag = tags.exec(html); tag; tag = tags.exec(html)) {
    depth += tag[1] === '/' ? -1 : 1;
    if (depth === 0) return tag.index + tag[0].length;
  }
  return undefined;
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
 * Returns how many pages were sent.
 */
export async function indexPages(
  names: readonly string[],
  read: (name: string) => Promise<string>,
  add: (page: IndexedPage) => Promise<void>,
): Promise<number> {
  const prepare = (name: string) =>
    read(name).then((html) =>
      isIndexedPage(html) ? { sourcePath: name, content: indexedText(withoutIgnored(withoutChrome(html))) } : undefined,
    );
  const prefetch = (index: number) => {
    const name = names[index];
    if (name === undefined) return undefined;
    const page = prepare(name);
    // Awaited on the next turn; a failure while the current page is indexed must not go unhandled meanwhile.
    page.catch(() => undefined);
    return page;
  };
  const unmarked: string[] = [];
  let sent = 0;
  let next = prefetch(0);
  for (let index = 0; index < names.length; index++) {
    const page = await next;
    next = prefetch(index + 1);
    if (page === undefined) unmarked.push(names[index] as string);
    else {
      await add(page);
      sent++;
    }
  }
  // No page marks a body: Pagefind indexes every page whole, so the pages held back go in after all.
  if (sent === 0) {
    for (const name of unmarked) {
      await add({ sourcePath: name, content: indexedText(await read(name)) });
      sent++;
    }
  }
  return sent;
}
