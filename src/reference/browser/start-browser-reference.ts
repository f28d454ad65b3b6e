/**
 * The reference implementation in the reader's browser, shared by the site's consoles and demos: one world
 * per browser profile, persisted in IndexedDB, answered through MSW's service worker. The first call loads
 * the world (seeding the sample data on a first visit) and registers the worker; later calls return the same
 * handle.
 */
import { type HttpHandler, http, passthrough } from 'msw';
import { setupWorker } from 'msw/browser';
import type { Reference } from '../reference.ts';
import type { BrowserWorld } from './browser-world.ts';
import type { StateSink } from './persistent-state-store.ts';
import {
  REFERENCE_DATA_PATH,
  REFERENCE_REPOSITORIES_PATH,
  readReferenceData,
  readReferenceRepositories,
} from './reference-data.ts';
import { workerRegistration } from './worker-scope.ts';
import { openWorldChannel, type WorldChange } from './world-channel.ts';
import { openWorldDatabase } from './world-database.ts';
import { WORLD_KEYS } from './world-keys.ts';

/** The running in-browser reference. */
export interface BrowserReference {
  /**
   * The in-page reference implementation (modules, handlers). It is replaced when the world is rebuilt
   * (reset, a release change, another tab changing keys or settings): read it again after `onChange`.
   */
  readonly reference: Reference;
  /** The release the reference answers as when a request sends no `X-Platform-Release` (persisted). */
  getRelease(): string;
  /** Answers as `release` from now on, in this tab and the others; throws on a release the register does not know. */
  setRelease(release: string): void;
  /** Wipes the persisted world, seeds the sample data again and tells the other tabs. */
  reset(): Promise<void>;
  /**
   * Adds the demo projects' fixture repositories (dashboard, visualization and funnel files) to the world,
   * fetching them once; the playgrounds that read or edit them call it first. Consoles never need them.
   */
  loadRepositories(): Promise<void>;
  /** Calls `listener` after the world changed, in this tab or another. Returns the unsubscribe function. */
  onChange(listener: () => void): () => void;
}

/** The site is served from the root of its host. */
const SITE_BASE = '/';
/** State keys whose values modules copy when they are built: a change to them from another tab needs a rebuild. */
const BUILD_TIME_KEYS = ['error-tracking/', 'browser/'];

let starting: Promise<BrowserReference> | undefined;

/** Starts the in-browser reference once; every call resolves to the same handle. */
export function startBrowserReference(): Promise<BrowserReference> {
  starting ??= start().catch((error: unknown) => {
    starting = undefined;
    throw error;
  });
  return starting;
}

async function fetchDocument<T>(file: string, read: (json: unknown, url: string) => T): Promise<T> {
  const url = `${SITE_BASE}${file}`;
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url} answered ${response.status}; the in-browser reference cannot start`);
  return read(await response.json(), url);
}

/** Runs world operations one at a time, so a rebuild never interleaves with catching up or a reset. */
function serially() {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(operation: () => Promise<T>): Promise<T> => {
    const result = tail.then(operation);
    tail = result.catch(() => undefined);
    return result;
  };
}

/** Holds the Web Lock on the world while `operation` runs, so two tabs never seed it at once. */
function withWorldLock<T>(operation: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  return locks ? locks.request('sunset-demo-world', operation) : operation();
}

/**
 * The handlers MSW runs: requests to other origins (a reader's own instance, sent from a console) pass
 * through untouched, since the modules' routes match any host; the rest go to the reference.
 */
function pageHandlers(reference: Reference): HttpHandler[] {
  const otherOrigin = http.all(
    ({ request }) => new URL(request.url).origin !== location.origin,
    () => passthrough(),
  );
  return [otherOrigin, ...reference.handlers];
}

async function start(): Promise<BrowserReference> {
  // The reference implementation is its own chunk, loaded beside the data rather than with the console.
  const [published, db, runtime] = await Promise.all([
    fetchDocument(REFERENCE_DATA_PATH, readReferenceData),
    openWorldDatabase(),
    import('./browser-world.ts'),
  ]);
  let data = published;
  let loadingRepositories: Promise<void> | undefined;
  const queue = serially();
  const listeners = new Set<() => void>();
  const changedKeys = new Set<string>();
  let journalChanged = false;
  let announcing = false;
  let ownSeqs = new Set<number>();
  let lastSeq = 0;

  const notify = () => {
    for (const listener of listeners) listener();
  };
  const channel = openWorldChannel((change) => void queue(() => catchUp(change)));
  // Changes made in this tab are announced once their writes are committed, batched per task.
  const announce = () => {
    if (announcing) return;
    announcing = true;
    setTimeout(async () => {
      announcing = false;
      await db.settled();
      const keys = [...changedKeys];
      changedKeys.clear();
      if (keys.length > 0) channel.post({ kind: 'state', keys });
      if (journalChanged) channel.post({ kind: 'journal' });
      journalChanged = false;
      notify();
    }, 0);
  };
  const sink: StateSink = {
    commit(change) {
      // One IndexedDB transaction per task holds this change; a failed write is reported by the database,
      // and the change stays in this page.
      const sequences = db.commit(change);
      sequences.then(
        (seqs) => {
          for (const seq of seqs) ownSeqs.add(seq);
        },
        () => undefined,
      );
      for (const key of [...Object.keys(change.set ?? {}), ...(change.delete ?? [])]) changedKeys.add(key);
      if (change.journal?.length) journalChanged = true;
      announce();
    },
  };

  const build = async (): Promise<BrowserWorld> => {
    // This tab's own writes (a release just set) must be in what the new world is built from.
    await db.settled();
    const [snapshot, journal] = await Promise.all([db.readState(), db.readJournal()]);
    ownSeqs = new Set();
    lastSeq = journal.at(-1)?.seq ?? 0;
    const world = await runtime.buildBrowserWorld({
      data,
      snapshot,
      journal: journal.map((item) => item.entry),
      sink,
      origin: location.origin,
    });
    await db.settled();
    return world;
  };

  let world = await withWorldLock(build);
  const registration = workerRegistration(location.pathname, SITE_BASE);
  const worker = setupWorker(...pageHandlers(world.reference));
  await worker.start({
    serviceWorker: { url: registration.url, options: { scope: registration.scope } },
    onUnhandledFrame: 'bypass',
    quiet: true,
  });

  const rebuild = async () => {
    world = await withWorldLock(build);
    worker.resetHandlers(...pageHandlers(world.reference));
    notify();
  };

  async function catchUp(change: WorldChange): Promise<void> {
    await db.settled();
    if (change.kind === 'reset') return rebuild();
    if (change.kind === 'state') {
      if (change.keys.some((key) => BUILD_TIME_KEYS.some((prefix) => key.startsWith(prefix)))) return rebuild();
      const values = await db.readKeys(change.keys);
      for (const key of change.keys) world.state.receive(key, values[key]);
      notify();
      return;
    }
    for (const { seq, entry } of await db.readJournal(lastSeq)) {
      lastSeq = Math.max(lastSeq, seq);
      if (!ownSeqs.delete(seq)) runtime.applyJournalEntry(world.reference, entry);
    }
    notify();
  }

  return {
    get reference() {
      return world.reference;
    },
    getRelease() {
      // A release just set answers at once, before the world is rebuilt for it.
      const saved = world.state.get<string>(WORLD_KEYS.release);
      return saved && world.reference.versioned?.behaviour.releases.accepts(saved) ? saved : world.release;
    },
    setRelease(release) {
      if (!world.reference.versioned?.behaviour.releases.accepts(release)) {
        throw new RangeError(`release "${release}" is not one the register knows; pick one like "17.0" or "18.0"`);
      }
      if (release === world.release) return;
      world.state.set(WORLD_KEYS.release, release);
      void queue(rebuild);
    },
    reset: () =>
      queue(async () => {
        await withWorldLock(async () => {
          await db.settled();
          await db.clear();
        });
        await rebuild();
        channel.post({ kind: 'reset' });
      }),
    loadRepositories() {
      loadingRepositories ??= (async () => {
        const { repositories } = await fetchDocument(REFERENCE_REPOSITORIES_PATH, readReferenceRepositories);
        data = { ...data, repositories };
        await queue(rebuild);
      })().catch((error: unknown) => {
        // A failed fetch is tried again on the next call.
        loadingRepositories = undefined;
        throw error;
      });
      return loadingRepositories;
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
