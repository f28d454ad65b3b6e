/**
 * Which client key the demo's SDK uses, remembered across reloads (the keys themselves live in the
 * in-browser world, in IndexedDB). After a rotation the old key is remembered too, for the refusal check.
 */
import type { ClientKeyBody } from './demo-api.ts';

const STORAGE_KEY = 'sunset-error-demo-keys';

/** The demo's keys: the one in use and, after a rotation, the one it replaced. */
export interface DemoKeys {
  current?: ClientKeyBody;
  previous?: ClientKeyBody;
}

/** Reads the remembered keys, keeping only those the world still has (a reset forgets them all). */
export function readDemoKeys(existing: readonly ClientKeyBody[]): DemoKeys {
  let stored: DemoKeys = {};
  try {
    stored = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}') as DemoKeys;
  } catch {
    stored = {};
  }
  const alive = (key: ClientKeyBody | undefined) => existing.find((candidate) => candidate.id === key?.id);
  const current = alive(stored.current);
  // The previous key was deleted by the rotation: remembering it is the point, so it is kept as it was.
  return current ? { current, ...(stored.previous ? { previous: stored.previous } : {}) } : {};
}

/** Remembers the keys. */
export function writeDemoKeys(keys: DemoKeys): void {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(keys));
  } catch {
    // Without storage the demo still works; the keys are just not remembered on reload.
  }
}
