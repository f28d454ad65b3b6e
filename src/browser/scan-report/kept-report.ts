import { scanStorageKey } from '../plan-storage.ts';
import type { ScanReport } from './scan-report.ts';

/**
 * The scan report kept for one upgrade's checklist, or undefined when there is none or what is kept is not
 * one (then it is dropped, so it is not read again).
 */
export function keptScanReport(storage: Storage | undefined, upgrade: { from: string; to: string }): ScanReport | undefined {
  const key = scanStorageKey(upgrade);
  const text = storage?.getItem(key);
  if (!text) return undefined;
  try {
    const value = JSON.parse(text) as ScanReport;
    if (typeof value.from === 'string' && typeof value.to === 'string' && typeof value.found === 'object') return value;
  } catch {
    // fall through: an unreadable record is forgotten
  }
  storage?.removeItem(key);
  return undefined;
}

/** What a report found, per entry, as the Markdown export lists it: the places kept and the count in all. */
export function foundPlaces(report: ScanReport | undefined): Record<string, { places: string[]; count: number }> {
  const found: Record<string, { places: string[]; count: number }> = {};
  for (const [id, places] of Object.entries(report?.found ?? {})) {
    if (places.length > 0) found[id] = { places, count: report?.counts[id] ?? places.length };
  }
  return found;
}
