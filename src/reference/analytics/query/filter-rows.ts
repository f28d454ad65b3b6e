import type { EventStore } from '../store/event-store.ts';
import type { NumberOperator, RowFilter, StringOperator } from './compiled-query.ts';

const identities = new WeakMap<EventStore, Int32Array>();

/** Row numbers 0…n−1 of a store, kept between queries until the store grows. */
function allRows(store: EventStore): Int32Array {
  let rows = identities.get(store);
  if (rows?.length !== store.size) {
    rows = new Int32Array(store.size);
    for (let index = 0; index < rows.length; index++) rows[index] = index;
    identities.set(store, rows);
  }
  return rows;
}

/** The rows a filter keeps, ascending. Without a filter, every row (the shared identity, not a copy). */
export function filterRows(store: EventStore, filter: RowFilter | undefined): Int32Array {
  if (!filter) return allRows(store);
  const mask = filterMask(store, filter);
  let kept = 0;
  for (let index = 0; index < mask.length; index++) kept += mask[index] as number;
  const rows = new Int32Array(kept);
  let next = 0;
  for (let index = 0; index < mask.length; index++) if (mask[index]) rows[next++] = index;
  return rows;
}

/** One byte per row: 1 where the filter holds. */
export function filterMask(store: EventStore, filter: RowFilter): Uint8Array {
  const mask = new Uint8Array(store.size);
  evaluate(store, filter, mask);
  return mask;
}

function evaluate(store: EventStore, filter: RowFilter, out: Uint8Array): void {
  const size = out.length;
  switch (filter.kind) {
    case 'and':
    case 'or': {
      const [first, ...rest] = filter.children;
      if (!first) {
        out.fill(filter.kind === 'and' ? 1 : 0);
        return;
      }
      evaluate(store, first, out);
      const other = new Uint8Array(size);
      for (const child of rest) {
        evaluate(store, child, other);
        if (filter.kind === 'and')
          for (let index = 0; index < size; index++) out[index] = (out[index] as number) & (other[index] as number);
        else for (let index = 0; index < size; index++) out[index] = (out[index] as number) | (other[index] as number);
      }
      return;
    }
    case 'string': {
      const passes = passingCodes(store.dictionary(filter.dimension).values, filter.operator, filter.values);
      const codes = store.codes(filter.dimension);
      for (let index = 0; index < size; index++) out[index] = passes[codes[index] as number] as number;
      return;
    }
    case 'number': {
      const offsets = store.tzOffsets();
      const { operator, values } = filter;
      for (let index = 0; index < size; index++) out[index] = numberPasses(operator, offsets[index] as number, values) ? 1 : 0;
      return;
    }
    case 'time': {
      const times = store.times();
      const { ranges, negate } = filter.test;
      const hit = negate ? 0 : 1;
      if (ranges.length === 1) {
        const [from, to] = ranges[0] as [number, number];
        for (let index = 0; index < size; index++) {
          const time = times[index] as number;
          out[index] = time >= from && time <= to ? hit : 1 - hit;
        }
        return;
      }
      for (let index = 0; index < size; index++) {
        const time = times[index] as number;
        out[index] = ranges.some(([from, to]) => time >= from && time <= to) ? hit : 1 - hit;
      }
    }
  }
}

/**
 * Whether a number passes a numeric operator; NaN is null. Comparisons read the first value; `equals` with
 * several values is IN; `notEquals` and `notSet` pass nulls. Serves number dimensions and measure filters alike.
 */
export function numberPasses(operator: NumberOperator, value: number, values: readonly number[]): boolean {
  const isNull = Number.isNaN(value);
  if (operator === 'set') return !isNull;
  if (operator === 'notSet') return isNull;
  if (operator === 'equals') return !isNull && values.includes(value);
  if (operator === 'notEquals') return isNull || !values.includes(value);
  if (isNull) return false;
  const first = values[0] ?? 0;
  if (operator === 'gt') return value > first;
  if (operator === 'gte') return value >= first;
  if (operator === 'lt') return value < first;
  return value <= first;
}

/**
 * Which dictionary codes pass a text operator. Matching (`contains`, `startsWith`, `endsWith`) ignores case and
 * passes when any value matches; negated forms pass when no value matches and pass nulls; `equals` with several
 * values is IN.
 */
function passingCodes(values: readonly (string | null)[], operator: StringOperator, wanted: readonly string[]): Uint8Array {
  const passes = new Uint8Array(values.length);
  const lowered = wanted.map((value) => value.toLowerCase());
  const exact = new Set(wanted);
  values.forEach((value, code) => {
    let pass: boolean;
    if (value === null) pass = operator === 'notSet' || operator.startsWith('not');
    else {
      const text = value.toLowerCase();
      switch (operator) {
        case 'equals':
        case 'notEquals':
          pass = exact.has(value);
          break;
        case 'contains':
        case 'notContains':
          pass = lowered.some((needle) => text.includes(needle));
          break;
        case 'startsWith':
        case 'notStartsWith':
          pass = lowered.some((needle) => text.startsWith(needle));
          break;
        case 'endsWith':
        case 'notEndsWith':
          pass = lowered.some((needle) => text.endsWith(needle));
          break;
        default:
          pass = true;
      }
      if (operator.startsWith('not')) pass = !pass;
    }
    passes[code] = pass ? 1 : 0;
  });
  return passes;
}
