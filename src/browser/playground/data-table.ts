import type { VisualizationDefinition } from '../../schemas/visualization-definition.ts';
import type { QueryResult, ResultValue } from './query-result.ts';

/** A data-table link option: `text` names the dimension shown, `href` the dimension or dimensions of the URL. */
export type TableLink = NonNullable<VisualizationDefinition['options']['links']>[number];

/** One column of a rendered data table. */
export interface TableColumn {
  /** The member whose values the column shows (for a link column, its `text` member). */
  key: string;
  /** The member's short title from the answer's annotation. */
  title: string;
  /** For a link column, the members whose values build the URL. */
  href?: string[];
}

/** One cell: its text, and the URL when the cell is a link that could be built. */
export interface TableCell {
  text: string;
  href?: string;
}

/** A data table ready to render: columns and rows of cells. */
export interface DataTable {
  columns: TableColumn[];
  rows: TableCell[][];
}

const SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/**
 * Joins the values of a link's `href` dimensions into one URL. The spec says several values are joined into one
 * URL but not how; the reference design: each value is one part, joined with exactly one `/` between parts, and
 * `https://` goes in front when the first part names a host without a scheme (`shop.example.com` + `/cart` →
 * `https://shop.example.com/cart`). Only http and https URLs are links: a missing value, a bare path (which would
 * point into this site) or any other scheme gives undefined, and the cell stays plain text.
 */
export function joinHref(values: readonly ResultValue[]): string | undefined {
  const parts = values.map((value) => (value === null || value === undefined ? '' : String(value).trim()));
  if (parts.length === 0 || parts.some((part) => part === '')) return undefined;
  const joined = parts.reduce((url, part) => `${url.replace(/\/+$/, '')}/${part.replace(/^\/+/, '')}`);
  const absolute = SCHEME.test(joined) ? joined : joined.startsWith('/') ? undefined : `https://${joined}`;
  if (absolute === undefined) return undefined;
  try {
    const url = new URL(absolute);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** A cell's text: null shows as an empty cell, numbers and strings as written. */
export const cellText = (value: ResultValue): string => (value === null || value === undefined ? '' : String(value));

/**
 * The columns and cells of a data table. Every member of the answer is a column, in the query's order
 * (dimensions, time dimensions, then measures). Each link turns its `text` column into links and hides the
 * columns used only to build URLs (reference design: the URL parts are in the link, not shown twice).
 */
export function dataTable(result: QueryResult, links: readonly TableLink[] = []): DataTable {
  const { annotation } = result;
  const keys = [
    ...Object.keys(annotation.dimensions),
    ...Object.keys(annotation.timeDimensions).filter((key) => !isBareTimeAlias(key, annotation.timeDimensions)),
    ...Object.keys(annotation.measures),
  ];
  // Every column is of the same cube, so the short title (`Page Title`, not `Tracked Events Page Title`) says enough.
  const title = (key: string) =>
    (annotation.dimensions[key] ?? annotation.timeDimensions[key] ?? annotation.measures[key])?.shortTitle ?? key;
  const hrefOnly = new Set(links.flatMap((link) => [link.href].flat()).filter((key) => !links.some((link) => link.text === key)));
  const columns: TableColumn[] = keys
    .filter((key) => !hrefOnly.has(key))
    .map((key) => {
      const link = links.find((candidate) => candidate.text === key);
      return link ? { key, title: title(key), href: [link.href].flat() } : { key, title: title(key) };
    });
  const rows = result.data.map((row) =>
    columns.map((column): TableCell => {
      const text = cellText(row[column.key]);
      const href = column.href && joinHref(column.href.map((key) => row[key]));
      return href ? { text, href } : { text };
    }),
  );
  return { columns, rows };
}

/** A time dimension with a granularity is answered twice (`X.utcTime.day` and `X.utcTime`); one column is enough. */
function isBareTimeAlias(key: string, timeDimensions: Record<string, unknown>): boolean {
  return Object.keys(timeDimensions).some((other) => other !== key && other.startsWith(`${key}.`));
}
