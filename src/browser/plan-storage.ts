/**
 * Where the ticks of one upgrade are kept: one `localStorage` key per (from, to). The offering only
 * narrows which items are shown, and a tick is keyed by entry id, so the same upgrade viewed for one
 * offering or for all of them shows the same ticks.
 */
export function planStorageKey(plan: { from: string; to: string }): string {
  return `sunset-plan:${plan.from}:${plan.to}`;
}

/** Reads stored ticks; anything unreadable counts as no ticks rather than an error. */
export function readTicks(stored: string | null): Set<string> {
  if (!stored) return new Set();
  try {
    const value: unknown = JSON.parse(stored);
    return new Set(Array.isArray(value) ? value.filter((key): key is string => typeof key === 'string') : []);
  } catch {
    return new Set();
  }
}

/** Writes ticks in a stable order. */
export function writeTicks(ticks: ReadonlySet<string>): string {
  return JSON.stringify([...ticks].sort());
}

/** Where the scan report given to one upgrade's checklist is kept, beside its ticks. */
export function scanStorageKey(plan: { from: string; to: string }): string {
  return `sunset-scan:${plan.from}:${plan.to}`;
}
