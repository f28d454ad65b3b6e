import { type Html, html } from './html.ts';

/**
 * Splits a list into pages of at most `maxItems` items and about `maxWeight` weight (an item heavier than
 * that gets a page of its own), so no page outgrows the site's page budget. Always at least one page.
 */
export function paginate<T>(items: readonly T[], weight: (item: T) => number, maxWeight: number, maxItems: number): T[][] {
  const pages: T[][] = [[]];
  let load = 0;
  for (const item of items) {
    const cost = weight(item);
    const current = pages[pages.length - 1] as T[];
    if (current.length > 0 && (current.length >= maxItems || load + cost > maxWeight)) {
      pages.push([item]);
      load = cost;
    } else {
      current.push(item);
      load += cost;
    }
  }
  return pages;
}

/**
 * The file of page `index` (0-based) of a paginated list: `base.html`, `base.2.html`, … A dot, which no
 * base (a slug of letters, digits and hyphens) holds, so page 2 of `x` is never the first page of `x-2`.
 */
export function pageFile(base: string, index: number): string {
  return index === 0 ? `${base}.html` : `${base}.${index + 1}.html`;
}

/** Pages linked on each side of the current one; the first and the last are always linked too. */
const PAGER_REACH = 4;

/**
 * Links to the pages of a list: the first, the last, and those within {@link PAGER_REACH} of the current
 * one, with a gap marked where pages are skipped; nothing when it has one page. Every page stays reachable
 * in a few steps, and a list of a thousand pages does not put a thousand links on each of them.
 */
export function pager(base: string, count: number, current: number, label: string): Html {
  if (count < 2) return html``;
  const links: Html[] = [];
  let previous = -1;
  for (let index = 0; index < count; index++) {
    const shown = index === 0 || index === count - 1 || Math.abs(index - current) <= PAGER_REACH;
    if (!shown) continue;
    if (previous >= 0 && index > previous + 1) links.push(html`<li aria-hidden="true">…</li>`);
    links.push(
      index === current
        ? html`<li><a href="${pageFile(base, index)}" aria-current="page">${index + 1}</a></li>`
        : html`<li><a href="${pageFile(base, index)}">${index + 1}</a></li>`,
    );
    previous = index;
  }
  return html`<nav class="pager" aria-label="${label}"><ul>${links}</ul></nav>`;
}
