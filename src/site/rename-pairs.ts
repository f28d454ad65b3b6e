/** One row of an Old → New table: the old names and what replaces them. */
export interface RenamePair {
  from: string[];
  to: string[];
}

/**
 * The rows of a rename's Old → New table. Lists of the same length pair by position, one old name with its
 * new one per row (`geo_repositories_synced` → `geo_project_repositories_synced`, …); one name split into
 * several, or several merged into one, is one row; lists that pair no other way stay one row.
 */
export function renamePairs(from: readonly string[], to: readonly string[]): RenamePair[] {
  if (from.length === to.length) return from.map((name, index) => ({ from: [name], to: [to[index] as string] }));
  return [{ from: [...from], to: [...to] }];
}
