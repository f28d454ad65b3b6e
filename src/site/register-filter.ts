/**
 * The register list's filters as URL state. Pure: the `/register/` island and its tests share it, and it
 * runs in the browser, so it imports nothing with Node built-ins.
 */

/** The filter fields, in the order they appear in the URL and the form. */
export const FILTER_FIELDS = ['release', 'area', 'kind', 'breaking', 'offering'] as const;

/** One filter field. */
export type FilterField = (typeof FILTER_FIELDS)[number];

/** Chosen values; a missing field matches everything. `breaking` is `yes` or `no`. */
export type RegisterFilter = Partial<Record<FilterField, string>>;

/** What a list row says about its entry, as the filters see it. */
export interface FilterableRow {
  release: string;
  area: string;
  kind: string;
  breaking: boolean;
  offerings: readonly string[];
}

/** Reads the filter from a query string; empty and unknown fields are dropped. */
export function parseFilter(search: string | URLSearchParams): RegisterFilter {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const filter: RegisterFilter = {};
  for (const field of FILTER_FIELDS) {
    const value = params.get(field)?.trim();
    if (!value) continue;
    if (field === 'breaking' && value !== 'yes' && value !== 'no') continue;
    filter[field] = value;
  }
  return filter;
}

/** Writes the filter as a query string (`?area=tokens&breaking=yes`), or `''` when nothing is chosen. */
export function filterToQuery(filter: RegisterFilter): string {
  const params = new URLSearchParams();
  for (const field of FILTER_FIELDS) {
    const value = filter[field];
    if (value) params.set(field, value);
  }
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** Whether a row passes every chosen filter. */
export function matchesFilter(row: FilterableRow, filter: RegisterFilter): boolean {
  if (filter.release && row.release !== filter.release) return false;
  if (filter.area && row.area !== filter.area) return false;
  if (filter.kind && row.kind !== filter.kind) return false;
  if (filter.breaking && row.breaking !== (filter.breaking === 'yes')) return false;
  if (filter.offering && !row.offerings.includes(filter.offering)) return false;
  return true;
}

/** Reads a row from the `data-*` attributes the register list writes (see `EntryRow.astro`). */
export function rowFromDataset(dataset: DOMStringMap): FilterableRow {
  return {
    release: dataset.release ?? '',
    area: dataset.area ?? '',
    kind: dataset.kind ?? '',
    breaking: dataset.breaking === 'yes',
    offerings: (dataset.offerings ?? '').split(' ').filter(Boolean),
  };
}
