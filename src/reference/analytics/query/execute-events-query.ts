import type { EventStore } from '../store/event-store.ts';
import { formatLocal } from '../time/civil-date.ts';
import { offsetAt } from '../time/zone-offsets.ts';
import type { EventMeasure, StringDimension } from '../tracked-events.ts';
import { aggregate } from './aggregate.ts';
import type { EventsQuery, MeasureFilter } from './compiled-query.ts';
import { filterRows, numberPasses } from './filter-rows.ts';
import { type Groups, groupRows, type KeyColumns } from './group-rows.ts';
import { fillMissingDays } from './missing-day-fill.ts';
import type { ResultRow } from './result-row.ts';
import { type SortKey, sortGroups } from './sort-groups.ts';
import { bucketTimes, spanOf } from './time-buckets.ts';

export type { ResultRow } from './result-row.ts';

const NULL_OFFSET = -(2 ** 31);

/** One grouping column: its codes per position (and their range when known), its sort value, how to write it. */
interface Column {
  ints?: Int32Array;
  range?: [number, number];
  floats?: Float64Array;
  sortValue(position: number): number;
  write(position: number): string | number | null;
}

/**
 * The grouping columns of the rows. When every row takes part, store columns are used as they are (no copy);
 * otherwise the selected rows' values are gathered.
 */
function columnsOf(store: EventStore, query: EventsQuery, rows: Int32Array, everyRow: boolean): Column[] {
  const times = store.times();
  const span = query.dimensions.some((spec) => spec.kind === 'time')
    ? spanOf(query.timezone, times, everyRow ? undefined : rows, store.timeRange())
    : undefined;
  return query.dimensions.map((spec): Column => {
    if (spec.kind === 'string') {
      const source = store.codes(spec.dimension);
      const codes = everyRow ? source : gather(source, rows);
      const dictionary = store.dictionary(spec.dimension);
      const ranks = dictionary.ranks();
      return {
        ints: codes,
        range: [0, dictionary.values.length - 1],
        sortValue: (position) =>
          codes[position] === 0 ? Number.POSITIVE_INFINITY : (ranks[codes[position] as number] as number),
        write: (position) => dictionary.values[codes[position] as number] ?? null,
      };
    }
    if (spec.kind === 'number') {
      const source = store.tzOffsets();
      const codes = new Int32Array(rows.length);
      for (let index = 0; index < rows.length; index++) {
        const value = source[rows[index] as number] as number;
        codes[index] = Number.isNaN(value) ? NULL_OFFSET : value;
      }
      return {
        ints: codes,
        sortValue: (position) => (codes[position] === NULL_OFFSET ? Number.POSITIVE_INFINITY : (codes[position] as number)),
        write: (position) => (codes[position] === NULL_OFFSET ? null : (codes[position] as number)),
      };
    }
    const { offsets: zone } = span as NonNullable<typeof span>;
    if (spec.granularity) {
      const buckets = bucketTimes(times, everyRow ? undefined : rows, span as NonNullable<typeof span>, spec.granularity);
      return {
        ints: buckets.codes,
        range: [buckets.min, buckets.max],
        sortValue: (position) => buckets.codes[position] as number,
        write: (position) => buckets.label(buckets.codes[position] as number),
      };
    }
    const raw = everyRow ? times : gather(times, rows);
    return {
      floats: raw,
      sortValue: (position) => raw[position] as number,
      write: (position) => formatLocal((raw[position] as number) + offsetAt(zone, raw[position] as number)),
    };
  });
}

/**
 * Sort values of a dimension the query does not select: per group, the rank of its least value (greatest when
 * descending) among the group's events; null ranks last, as in a selected column.
 */
function hiddenSortValues(
  store: EventStore,
  dimension: StringDimension,
  desc: boolean,
  rows: Int32Array,
  groups: Groups,
  groupCount: number,
): Float64Array {
  const codes = store.codes(dimension);
  const ranks = store.dictionary(dimension).ranks();
  const values = new Float64Array(groupCount).fill(desc ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY);
  const groupOf = groupCount === 1 ? undefined : groups.groupOf;
  for (let index = 0; index < rows.length; index++) {
    const code = codes[rows[index] as number] as number;
    const rank = code === 0 ? Number.POSITIVE_INFINITY : (ranks[code] as number);
    const group = groupOf ? (groupOf[index] as number) : 0;
    if (desc ? rank > (values[group] as number) : rank < (values[group] as number)) values[group] = rank;
  }
  return values;
}

function gather<T extends Int32Array | Float64Array>(source: T, rows: Int32Array): T {
  const out = new (source.constructor as new (length: number) => T)(rows.length);
  for (let index = 0; index < rows.length; index++) out[index] = source[rows[index] as number] as number;
  return out;
}

function measuresIn(filter: MeasureFilter | undefined, into: Set<EventMeasure>): Set<EventMeasure> {
  if (!filter) return into;
  if (filter.kind === 'measure') into.add(filter.measure);
  else for (const child of filter.children) measuresIn(child, into);
  return into;
}

function holds(filter: MeasureFilter, totals: Map<EventMeasure, Float64Array>, group: number): boolean {
  if (filter.kind === 'and') return filter.children.every((child) => holds(child, totals, group));
  if (filter.kind === 'or') return filter.children.some((child) => holds(child, totals, group));
  if (filter.kind !== 'measure') return false;
  return numberPasses(filter.operator, (totals.get(filter.measure) as Float64Array)[group] as number, filter.values);
}

/** Runs a compiled `TrackedEvents` query: filter, group, aggregate, order, page, then fill missing days. */
export function executeEventsQuery(store: EventStore, query: EventsQuery): ResultRow[] {
  const rows = filterRows(store, query.filter);
  const columns = columnsOf(store, query, rows, query.filter === undefined);
  const keys: KeyColumns = { ints: [], ranges: [], floats: [] };
  for (const column of columns) {
    if (column.ints) {
      keys.ints.push(column.ints);
      keys.ranges?.push(column.range);
    }
    if (column.floats) keys.floats.push(column.floats);
  }
  const groups = groupRows(rows.length, keys);
  const groupCount = query.dimensions.length > 0 ? groups.count : 1;

  const needed = measuresIn(query.having, new Set(query.measures.map((spec) => spec.measure)));
  const totals = new Map<EventMeasure, Float64Array>();
  for (const measure of needed) totals.set(measure, aggregate(store, measure, rows, groups));

  let kept = new Int32Array(groupCount);
  for (let group = 0; group < groupCount; group++) kept[group] = group;
  const having = query.having;
  if (having) kept = kept.filter((group) => holds(having, totals, group));

  const sortKeys: SortKey[] = query.order.map((key) => {
    if (key.hidden)
      return { values: hiddenSortValues(store, key.hidden.dimension, key.desc, rows, groups, groupCount), desc: key.desc };
    if (key.source === 'measure') {
      const measure = query.measures[key.index]?.measure as EventMeasure;
      return { values: totals.get(measure) as Float64Array, desc: key.desc };
    }
    const column = columns[key.index] as Column;
    const values = new Float64Array(groupCount);
    for (let group = 0; group < groupCount; group++) values[group] = column.sortValue(groups.first[group] as number);
    return { values, desc: key.desc };
  });
  const ordered = sortGroups(kept, sortKeys);
  // The spec's fill ignores the limit: a day cut off by it would otherwise come back as a false "0".
  const page = query.fill ? ordered : ordered.subarray(query.offset, query.offset + query.limit);

  const result: ResultRow[] = new Array(page.length);
  // The fill re-sorts rows that no longer carry their groups, so it is told the sort values rows cannot show.
  const groupOfRow = query.fill ? new Map<ResultRow, number>() : undefined;
  for (let index = 0; index < page.length; index++) {
    const group = page[index] as number;
    const position = groups.first[group] as number;
    const row: ResultRow = {};
    query.dimensions.forEach((spec, at) => {
      const value = (columns[at] as Column).write(position);
      row[spec.key] = value;
      if (spec.kind === 'time' && spec.aliasKey) row[spec.aliasKey] = value;
    });
    for (const spec of query.measures) row[spec.key] = String((totals.get(spec.measure) as Float64Array)[group]);
    result[index] = row;
    groupOfRow?.set(row, group);
  }
  if (!query.fill || !groupOfRow) return result;
  return fillMissingDays(result, query, (row, keyIndex) => {
    const group = groupOfRow.get(row);
    return group === undefined ? undefined : (sortKeys[keyIndex] as SortKey).values[group];
  });
}
