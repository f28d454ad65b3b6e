import { DAY_MS, formatLocal } from '../time/civil-date.ts';
import type { EventsQuery } from './compiled-query.ts';
import type { ResultRow } from './result-row.ts';

/**
 * The sort value of a row under an order key by a dimension the query does not select (the row does not carry
 * it); undefined for a row the fill added, which has no events and so sorts as null.
 */
export type HiddenSortValue = (row: ResultRow, keyIndex: number) => number | undefined;

/**
 * The spec's missing-day fill: every day of the `inDateRange` range with no row gets one, its measures "0" and
 * its other dimensions null. The fill ignores the query's limit and offset (a limit of 10 over 20 days returns
 * 20 rows): the caller passes every grouped row. The rows are then put back in the query's order, every key
 * of it, those by unselected dimensions too (`hidden` gives their values).
 */
export function fillMissingDays(rows: ResultRow[], query: EventsQuery, hidden: HiddenSortValue = () => undefined): ResultRow[] {
  const fill = query.fill;
  const day = fill && query.dimensions[fill.dimensionIndex];
  if (!fill || !day || day.kind !== 'time') return rows;
  const present = new Set(rows.map((row) => row[day.key]));
  const filled = [...rows];
  for (let number = fill.firstDay; number <= fill.lastDay; number++) {
    const label = formatLocal(number * DAY_MS);
    if (present.has(label)) continue;
    const row: ResultRow = {};
    for (const spec of query.dimensions) {
      row[spec.key] = spec === day ? label : null;
      if (spec.kind === 'time' && spec.aliasKey) row[spec.aliasKey] = spec === day ? label : null;
    }
    for (const spec of query.measures) row[spec.key] = '0';
    filled.push(row);
  }
  if (filled.length === rows.length) return rows;
  return filled.sort((a, b) => compareRows(a, b, query, hidden));
}

function compareRows(a: ResultRow, b: ResultRow, query: EventsQuery, hidden: HiddenSortValue): number {
  for (const [index, key] of query.order.entries()) {
    if (key.source === 'hidden') {
      // Null (no value) is +Infinity, as in the grouped sort: last ascending, first descending.
      const left = hidden(a, index) ?? Number.POSITIVE_INFINITY;
      const right = hidden(b, index) ?? Number.POSITIVE_INFINITY;
      if (left === right) continue;
      return (left < right ? -1 : 1) * (key.desc ? -1 : 1);
    }
    const name = key.source === 'measure' ? query.measures[key.index]?.key : query.dimensions[key.index]?.key;
    if (name === undefined) continue;
    const left = key.source === 'measure' ? Number(a[name]) : a[name];
    const right = key.source === 'measure' ? Number(b[name]) : b[name];
    if (left === right) continue;
    // Nulls sort last ascending and first descending, as in the grouped result.
    const sign = left === null || left === undefined ? 1 : right === null || right === undefined ? -1 : left < right ? -1 : 1;
    return key.desc ? -sign : sign;
  }
  return 0;
}
