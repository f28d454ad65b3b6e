/**
 * Where a site build spends its time, by part: the page code measures its own helpers (content loading,
 * Markdown, code highlighting, plans, wayfinding) here, and the build-timings integration adds Astro's phases
 * around them, so `npm run bench:build` can say where the time goes. The ledger lives on `globalThis` because
 * the pages run from Astro's bundle, a second copy of this module beside the one the integration loads.
 */

const KEY = Symbol.for('sunset.build-timings');

type Ledger = Map<string, number>;

function ledger(): Ledger {
  const holder = globalThis as typeof globalThis & { [KEY]?: Ledger };
  holder[KEY] ??= new Map();
  return holder[KEY];
}

/** Adds `seconds` to a part. */
export function addTime(part: string, seconds: number): void {
  ledger().set(part, (ledger().get(part) ?? 0) + seconds);
}

/** Runs `work`, adding the time it takes to `part`. Parts must not nest, or their time counts twice. */
export function timed<T>(part: string, work: () => T): T {
  const started = performance.now();
  try {
    return work();
  } finally {
    addTime(part, (performance.now() - started) / 1000);
  }
}

/** Awaits `work`, adding the time until it settles to `part`. */
export async function timedAsync<T>(part: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await work();
  } finally {
    addTime(part, (performance.now() - started) / 1000);
  }
}

const STARTED = Symbol.for('sunset.build-timings.pages-started');

/**
 * Notes when the pages start to be made (the first page asking for the register), once: the integration
 * tells bundling (before it) from rendering (after it) by this mark, which Astro gives no hook for.
 */
export function markPagesStarted(): void {
  const holder = globalThis as typeof globalThis & { [STARTED]?: number };
  holder[STARTED] ??= performance.now();
}

/** When the pages started to be made (`performance.now()` of this process), if they have. */
export function pagesStartedAt(): number | undefined {
  return (globalThis as typeof globalThis & { [STARTED]?: number })[STARTED];
}

/** Seconds spent per part so far. */
export function buildTimings(): Record<string, number> {
  return Object.fromEntries(ledger());
}
