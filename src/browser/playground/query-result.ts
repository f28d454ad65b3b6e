/** A value in an answer row: measures are strings, `localTzOffset` a number, missing values null. */
export type ResultValue = string | number | null | undefined;

/** How the answer's annotation describes one member. */
export interface MemberTitle {
  title: string;
  shortTitle: string;
  type: string;
}

/**
 * One result of the analytics query endpoint (spec endpoint 1), as far as the playground reads it: the
 * normalised query, the rows keyed by member name, and the members' titles.
 */
export interface QueryResult {
  query: Record<string, unknown>;
  data: Record<string, ResultValue>[];
  annotation: {
    measures: Record<string, MemberTitle>;
    dimensions: Record<string, MemberTitle>;
    timeDimensions: Record<string, MemberTitle>;
  };
}
