import type { QueryObject } from '../../../schemas/query.ts';
import { ApiError } from '../../platform/api-error.ts';
import type { OrderKey } from './compiled-query.ts';

/** What ordering needs to know of a dimension column. */
export interface OrderColumn {
  /** The row key. */
  key: string;
  /** The time dimension's plain name, when the column is a time bucket. */
  aliasKey?: string | undefined;
  /** Whether it is a time dimension with a granularity. */
  bucketed: boolean;
}

/** The order as written: `{member: dir}` or `[[member, dir], …]`, as pairs. */
function orderPairs(order: QueryObject['order']): [string, 'asc' | 'desc'][] {
  if (!order) return [];
  return Array.isArray(order) ? order.map(([member, direction]) => [member, direction]) : Object.entries(order);
}

/**
 * Resolves the order against the query's columns. Without an order: the first time dimension with a
 * granularity ascending; else the first measure descending when there are dimensions; else the first
 * dimension ascending. `checkMember` throws for names that are not members at all, and says which members may
 * order without being selected.
 */
export function resolveOrder(
  order: QueryObject['order'],
  dimensions: readonly OrderColumn[],
  measureKeys: readonly string[],
  checkMember: (name: string, field: string) => OrderKey['hidden'] | undefined,
): OrderKey[] {
  const pairs = orderPairs(order);
  if (pairs.length === 0) return defaultOrder(dimensions, measureKeys);
  return pairs.map(([member, direction], index) => {
    const field = Array.isArray(order) ? `query.order[${index}][0]` : `query.order.${member}`;
    const desc = direction === 'desc';
    const measure = measureKeys.indexOf(member);
    if (measure >= 0) return { source: 'measure', index: measure, desc };
    const dimension = dimensions.findIndex((column) => column.key === member || column.aliasKey === member);
    if (dimension >= 0) return { source: 'dimension', index: dimension, desc };
    const hidden = checkMember(member, field);
    if (hidden) return { source: 'hidden', index: -1, desc, hidden };
    throw new ApiError(
      400,
      `${field}: ${member} is not in the query; add it to measures or dimensions, or remove it from order (only TrackedEvents string dimensions may order without being selected)`,
    );
  });
}

function defaultOrder(dimensions: readonly OrderColumn[], measureKeys: readonly string[]): OrderKey[] {
  // A `timeDimensions` entry (the one with an alias key) comes before a `dimensions` entry with a granularity
  // suffix, wherever the columns sit: the query layer appends suffixed dimensions after the time dimensions.
  const entry = dimensions.findIndex((column) => column.bucketed && column.aliasKey !== undefined);
  const time = entry >= 0 ? entry : dimensions.findIndex((column) => column.bucketed);
  if (time >= 0) return [{ source: 'dimension', index: time, desc: false }];
  if (measureKeys.length > 0 && dimensions.length > 0) return [{ source: 'measure', index: 0, desc: true }];
  if (dimensions.length > 0) return [{ source: 'dimension', index: 0, desc: false }];
  return [];
}

/** The order the response echoes, in the query layer's normalised form `[{id, desc}]`. */
export function normalisedOrder(order: readonly OrderKey[], dimensions: readonly OrderColumn[], measureKeys: readonly string[]) {
  return order.map((key) => ({
    id: key.hidden ? key.hidden.member : key.source === 'measure' ? measureKeys[key.index] : dimensions[key.index]?.key,
    desc: key.desc,
  }));
}
