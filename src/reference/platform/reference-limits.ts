/**
 * The figures of the register's limits (`content/limits.yaml`, their `number:` fields) that the reference
 * implementation enforces, read from the register it is given so the site and the behaviour cannot drift apart.
 */

/** A limit as the register holds it; only `id` and `number` are read here. */
export interface RegisterLimit {
  id: string;
  number?: number | undefined;
}

/** The limits the reference enforces. */
export interface ReferenceLimits {
  /** Rows one analytics query returns when it sets no `limit` (`raw-export-rows-default`). */
  rawExportRowsDefault: number;
  /** Most rows one analytics query may ask for (`raw-export-rows-maximum`). */
  rawExportRowsMaximum: number;
  /** Days tracked errors are kept (`error-retention`). */
  errorRetentionDays: number;
}

/** Which register limit each figure comes from. */
export const LIMIT_IDS: Record<keyof ReferenceLimits, string> = {
  rawExportRowsDefault: 'raw-export-rows-default',
  rawExportRowsMaximum: 'raw-export-rows-maximum',
  errorRetentionDays: 'error-retention',
};

/**
 * The figures used when the reference is built without a register, as unit tests of single modules do; the
 * servers (Node and browser) always pass one. A test holds them equal to `content/limits.yaml`.
 */
export const LIMITS_WITHOUT_REGISTER: ReferenceLimits = {
  rawExportRowsDefault: 10_000,
  rawExportRowsMaximum: 50_000,
  errorRetentionDays: 90,
};

/** Reads the figures from the register's limits; a missing limit or `number:` is an error naming it. */
export function limitsFromRegister(limits: readonly RegisterLimit[]): ReferenceLimits {
  const read = (key: keyof ReferenceLimits): number => {
    const id = LIMIT_IDS[key];
    const limit = limits.find((candidate) => candidate.id === id);
    if (!limit) throw new Error(`limits.yaml: the reference needs the limit "${id}", which the register does not have`);
    if (typeof limit.number !== 'number' || !Number.isFinite(limit.number) || limit.number <= 0)
      throw new Error(`limits.yaml: limit "${id}" needs a positive "number:" for the reference to enforce`);
    return limit.number;
  };
  const result = {
    rawExportRowsDefault: read('rawExportRowsDefault'),
    rawExportRowsMaximum: read('rawExportRowsMaximum'),
    errorRetentionDays: read('errorRetentionDays'),
  };
  if (result.rawExportRowsDefault > result.rawExportRowsMaximum)
    throw new Error(`limits.yaml: "${LIMIT_IDS.rawExportRowsDefault}" is above "${LIMIT_IDS.rawExportRowsMaximum}"`);
  return result;
}

/** Days in milliseconds. */
export const daysToMs = (days: number): number => days * 24 * 60 * 60 * 1000;
