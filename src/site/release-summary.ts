import type { Area } from '../schemas/area.ts';
import type { RegisterEntry } from '../schemas/register-entry.ts';

/** One area's share of a release. */
export interface AreaCount {
  area: Pick<Area, 'id' | 'title'>;
  total: number;
  breaking: number;
  entries: RegisterEntry[];
}

/** What a release page shows: counts and entries per area. */
export interface ReleaseSummary {
  release: string;
  total: number;
  breaking: number;
  areas: AreaCount[];
}

/**
 * Groups one release's entries by area: areas with more breaking changes first, then larger areas, then
 * the areas file's order; inside an area breaking entries come first, then by title.
 */
export function summarizeRelease(release: string, entries: readonly RegisterEntry[], areas: readonly Area[]): ReleaseSummary {
  const order = new Map(areas.map((area, index) => [area.id, index]));
  const groups = new Map<string, AreaCount>();
  for (const entry of entries) {
    const area = areas.find((candidate) => candidate.id === entry.area) ?? { id: entry.area, title: entry.area };
    const group = groups.get(area.id) ?? { area: { id: area.id, title: area.title }, total: 0, breaking: 0, entries: [] };
    group.total++;
    if (entry.breaking) group.breaking++;
    group.entries.push(entry);
    groups.set(area.id, group);
  }
  const list = [...groups.values()];
  for (const group of list) {
    group.entries.sort((a, b) => Number(b.breaking) - Number(a.breaking) || a.title.localeCompare(b.title));
  }
  list.sort(
    (a, b) =>
      b.breaking - a.breaking ||
      b.total - a.total ||
      (order.get(a.area.id) ?? Number.MAX_SAFE_INTEGER) - (order.get(b.area.id) ?? Number.MAX_SAFE_INTEGER),
  );
  return {
    release,
    total: entries.length,
    breaking: entries.filter((entry) => entry.breaking).length,
    areas: list,
  };
}
