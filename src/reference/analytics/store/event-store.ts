import { STRING_DIMENSIONS, type StringDimension, type TrackedEvent } from '../tracked-events.ts';
import { createDictionary, type Dictionary } from './dictionary.ts';

/**
 * A project's tracked events in columns: times in a `Float64Array`, the zone offset in a `Float64Array` (NaN
 * for none), every text dimension as dictionary codes in an `Int32Array`. Queries scan columns without
 * building an object per row. Rows only grow; nothing is updated in place.
 */
export interface EventStore {
  /** Number of events. */
  readonly size: number;
  /** Appends one event. */
  append(event: TrackedEvent): void;
  /** `utcTime` of each row, in ms. */
  times(): Float64Array;
  /** `localTzOffset` of each row, NaN when unknown. */
  tzOffsets(): Float64Array;
  /** Dictionary codes of a text dimension, one per row. */
  codes(dimension: StringDimension): Int32Array;
  /** The dictionary of a text dimension. */
  dictionary(dimension: StringDimension): Dictionary;
  /** The earliest and latest `utcTime`, kept up to date on append; [0, 0] when empty. */
  timeRange(): [number, number];
  /** Row numbers in ascending time order (ties keep arrival order); cached until the next append. */
  timeOrder(): Int32Array;
  /** The event at a row, rebuilt from the columns. */
  row(index: number): TrackedEvent;
}

const INITIAL_CAPACITY = 1024;

function grow<T extends Float64Array | Int32Array>(array: T, capacity: number): T {
  const bigger = new (array.constructor as new (length: number) => T)(capacity);
  bigger.set(array);
  return bigger;
}

/** Creates an empty store. */
export function createEventStore(): EventStore {
  let size = 0;
  let capacity = INITIAL_CAPACITY;
  let times = new Float64Array(capacity);
  let tzOffsets = new Float64Array(capacity);
  const codes = new Map<StringDimension, Int32Array>(STRING_DIMENSIONS.map((name) => [name, new Int32Array(capacity)]));
  const dictionaries = new Map<StringDimension, Dictionary>(STRING_DIMENSIONS.map((name) => [name, createDictionary()]));
  // Events usually arrive in time order; then the identity is the time order and no sort is needed.
  let sorted = true;
  let order: Int32Array | undefined;
  let earliest = Number.POSITIVE_INFINITY;
  let latest = Number.NEGATIVE_INFINITY;

  const column = (name: StringDimension) => codes.get(name) as Int32Array;
  const dictionary = (name: StringDimension) => dictionaries.get(name) as Dictionary;

  return {
    get size() {
      return size;
    },
    append(event) {
      if (size === capacity) {
        capacity *= 2;
        times = grow(times, capacity);
        tzOffsets = grow(tzOffsets, capacity);
        for (const name of STRING_DIMENSIONS) codes.set(name, grow(column(name), capacity));
      }
      if (size > 0 && event.utcTime < (times[size - 1] as number)) sorted = false;
      times[size] = event.utcTime;
      if (event.utcTime < earliest) earliest = event.utcTime;
      if (event.utcTime > latest) latest = event.utcTime;
      tzOffsets[size] = event.localTzOffset ?? Number.NaN;
      for (const name of STRING_DIMENSIONS) column(name)[size] = dictionary(name).encode(event[name]);
      size++;
      order = undefined;
    },
    times: () => times.subarray(0, size),
    tzOffsets: () => tzOffsets.subarray(0, size),
    codes: (name) => column(name).subarray(0, size),
    dictionary,
    timeRange: () => (size === 0 ? [0, 0] : [earliest, latest]),
    timeOrder() {
      if (!order) {
        order = new Int32Array(size);
        for (let index = 0; index < size; index++) order[index] = index;
        if (!sorted) {
          const view = times;
          order.sort((a, b) => (view[a] as number) - (view[b] as number) || a - b);
        }
      }
      return order;
    },
    row(index) {
      const event = { utcTime: times[index] as number } as TrackedEvent;
      const offset = tzOffsets[index] as number;
      event.localTzOffset = Number.isNaN(offset) ? null : offset;
      for (const name of STRING_DIMENSIONS) event[name] = dictionary(name).values[column(name)[index] as number] ?? null;
      return event;
    },
  };
}
