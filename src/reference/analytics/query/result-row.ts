/** A result row keyed by full member name. */
export type ResultRow = Record<string, string | number | null>;
