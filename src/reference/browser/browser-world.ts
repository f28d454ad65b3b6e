/**
 * Builds the in-browser world (and the local server's `--data-dir` world) from what was persisted: a
 * reference whose state store is the saved snapshot, with the sample and the journal replayed into its
 * in-memory stores. On a first start (an empty snapshot)
 * it seeds the deterministic sample data instead, through the same paths live traffic takes, so the seed is
 * persisted like everything else. No IndexedDB here: the caller passes the data in and the writes out.
 */

import type { AnalyticsOptions } from '../analytics/module.ts';
import { DEFAULT_SAMPLE, sampleEvents } from '../analytics/sample/sample-events.ts';
import { seedSample } from '../analytics/sample/seed-sample.ts';
import type { Decompressor } from '../errors/body-decoding.ts';
import type { ErrorTrackingOptions } from '../errors/module.ts';
import { type Clock, systemClock } from '../platform/clock.ts';
import { createReference, type Reference } from '../reference.ts';
import { releaseChoice } from '../versioned/release-choice.ts';
import { type PersistentStateStore, persistentStateStore, type StateSink } from './persistent-state-store.ts';
import { fixtureRepositories, type ReferenceData, readAheadFunnels, versionedRegister } from './reference-data.ts';
import { type JournalEntry, replayJournal } from './world-journal.ts';
import { WORLD_KEYS } from './world-keys.ts';

export { applyJournalEntry } from './world-journal.ts';

/** What a world is built from. */
export interface WorldInputs {
  data: ReferenceData;
  /** The persisted state store; empty on a first start. */
  snapshot: Record<string, unknown>;
  /** The persisted journal, in order. */
  journal: readonly JournalEntry[];
  /** Where state changes and journal entries are written, one commit per change. */
  sink: StateSink;
  /** The origin the sample DSN names (the page's). */
  origin: string;
  clock?: Clock;
  /** Where `Link` headers point; `''` (this host's own entry pages) by default. */
  siteUrl?: string;
  /** How compressed error-tracking bodies are decompressed; the streams API by default. */
  decompress?: Decompressor;
  /**
   * Seed the sample events, errors and key on a first start; true by default. A world first started without
   * them stays without them (tests that need an empty world start faster).
   */
  sample?: boolean;
  /** Origins the collector answers with credentials (see `AnalyticsOptions`); none by default. */
  collectorOrigins?: readonly string[];
  /** Bounds on what ingestion keeps, for a network host (`host/ingestion-bounds.ts`); none in the browser. */
  bounds?: { errors: Pick<ErrorTrackingOptions, 'trimEvent'>; analytics: Pick<AnalyticsOptions, 'limitBatch'> };
  /** Where error groups let go from memory are kept (a local server's data directory); none in the browser. */
  errorGroups?: ErrorTrackingOptions['groupArchive'];
}

/** A built world. */
export interface BrowserWorld {
  reference: Reference;
  state: PersistentStateStore;
  /** The release answered as when a request picks none. */
  release: string;
}

/** Builds the world, seeding it when the snapshot is empty. */
export async function buildBrowserWorld(inputs: WorldInputs): Promise<BrowserWorld> {
  const { data } = inputs;
  const clock = inputs.clock ?? systemClock;
  const state = persistentStateStore(inputs.snapshot, inputs.sink);
  const register = versionedRegister(data);
  const saved = state.get<string>(WORLD_KEYS.release);
  // A release saved under an older register may no longer be accepted; the newest then applies.
  const savedRelease = saved && releaseChoice(register.releases.map((info) => info.release)).accepts(saved) ? saved : undefined;
  const reference = createReference({
    clock,
    register,
    // Links point at this site's own entry pages, on the host that answers.
    siteUrl: inputs.siteUrl ?? '',
    release: savedRelease,
    analytics: {
      repositories: fixtureRepositories(data),
      funnelDefinitions: readAheadFunnels(data),
      configDir: data.config_dir,
      state,
      ...(inputs.collectorOrigins ? { collectorOrigins: inputs.collectorOrigins } : {}),
      ...inputs.bounds?.analytics,
    },
    errors: {
      ...(inputs.decompress ? { decompress: inputs.decompress } : {}),
      store: state,
      ...inputs.bounds?.errors,
      ...(inputs.errorGroups ? { groupArchive: inputs.errorGroups } : {}),
    },
  });
  const sampleEnd = state.get<number | null>(WORLD_KEYS.sampleEnd);
  if (sampleEnd === undefined && inputs.sample === false) {
    state.set(WORLD_KEYS.sampleEnd, null);
  } else if (sampleEnd === undefined) {
    const now = clock.now();
    seedSample(reference.analytics.state);
    state.set(WORLD_KEYS.sampleEnd, now);
    // Only a world's first start seeds its errors (every SDK's request shape), so that code loads only then.
    const { seedSampleErrors } = await import('../errors/sample-errors.ts');
    await seedSampleErrors(reference.errors, now, inputs.origin);
  } else {
    if (sampleEnd !== null) restoreSample(reference, sampleEnd);
    replayJournal(reference, inputs.journal);
  }
  const release = reference.versioned?.behaviour.releases.fallback ?? savedRelease ?? '';
  return { reference, state, release };
}

// The sample is deterministic from its end, so it is regenerated rather than stored; its usage was counted
// when it was first seeded.
function restoreSample(reference: Reference, end: number): void {
  const { state } = reference.analytics;
  const project = state.platform.fixtures.projects.find((candidate) => candidate.id === 1);
  if (!project) return;
  const store = state.store(project.id);
  for (const event of sampleEvents({ ...DEFAULT_SAMPLE, end, appId: state.appIdOf(project) })) store.append(event);
}
