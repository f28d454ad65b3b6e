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

/** The file of page `index` (0-based) of a paginated list: `base.html`, `base-2.html`, … */
export function pageFile(base: string, index: number): string {
  return index === 0 ? `${base}.html` : `${base}-${index + 1}.html`;
}

/** Links to every page of a list; nothing when it has one page. */
export function pager(base: string, count: number, current: number, label: string): Html {
  if (count < 2) return html``;
  const links = Array.from({ length: count }, (_, index) =>
    index === current
      ? html`<li><a href="${pageFile(base, index)}" aria-current="page">${index + 1}</a></li>`
      : html`<li><a href="${pageFile(base, index)}">${index + 1}</a></li>`,
  );
  return html`<nav class="pager" aria-label="${label}"><ul>${links}</ul></nav>`;
}
