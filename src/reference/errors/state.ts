/**
 * The error-tracking state: keys, settings, errors, sessions and issues, created together. Client keys,
 * settings and issues are kept in the shared {@link StateStore} (and survive a restart where the host
 * persists it); errors and sessions, written at ingestion rate, live in memory and reach the host as journal
 * entries of the same store, committed before memory changes.
 */
import { memoryStateStore, type StateChange, type StateStore } from '../platform/state-store.ts';
import { type ClientKey, type ClientKeyStore, createClientKeyStore, randomPublicKey } from './client-keys.ts';
import type { ErrorGroupArchive } from './error-group-archive.ts';
import { createErrorStore, type ErrorStore } from './error-store.ts';
import { MAX_ERROR_GROUPS_PER_PROJECT, RETENTION_MS } from './ingestion-limits.ts';
import { createIssueStore, type Issue, type IssueStore } from './issues.ts';
import { createSessionStore, type SessionStore } from './sessions.ts';
import { createTrackingSettingsStore, type TrackingSettings, type TrackingSettingsStore } from './tracking-settings.ts';

/** All error-tracking state. */
export interface ErrorTrackingState {
  keys: ClientKeyStore;
  settings: TrackingSettingsStore;
  errors: ErrorStore;
  sessions: SessionStore;
  issues: IssueStore;
  /**
   * Keeps journal entries of what lives in memory only (events, sessions, statuses) with the store, before
   * memory changes: a change it refuses throws and must leave memory as it was.
   */
  commit(change: StateChange): void;
  /**
   * Where the store commits in groups (a data directory): the change is kept with others in one transaction
   * and `kept` changes memory right after it (see `StateStore.commitSoon`); absent otherwise.
   */
  commitSoon?: (change: StateChange, kept: () => void) => Promise<void>;
}

/**
 * The demo world's settings: project 1 (demo-app) has error tracking Active on the platform's own
 * backend; project 2 (docs-site) has it off, to show refused ingestion.
 */
export const DEMO_TRACKING_SETTINGS: Record<number, TrackingSettings> = { 1: { active: true, backend: 'platform' } };

/**
 * Keys under which the state store holds error-tracking state: one row per client key and per issue
 * (`<prefix><id>`), so state that only grows is never rewritten as one list, and the settings of every project.
 */
export const STATE_KEYS = {
  clientKeys: 'error-tracking/client-keys/',
  /** The highest client key id ever given, kept when a key is deleted so no later key reuses its id. */
  lastClientKeyId: 'error-tracking/last-client-key-id',
  settings: 'error-tracking/settings',
  issues: 'error-tracking/issues/',
} as const;

/** The rows under `prefix`, by id. */
const rows = <T extends { id: number }>(store: StateStore, prefix: string): T[] =>
  store
    .keys(prefix)
    .map((key) => store.get<T>(key) as T)
    .sort((a, b) => a.id - b.id);

/** Creates the state, reading what `store` already holds. `newPublicKey` lets tests name keys. */
export function createErrorTrackingState(
  store: StateStore = memoryStateStore(),
  newPublicKey: () => string = randomPublicKey,
  retentionMs: number = RETENTION_MS,
  maxErrorGroups: number = MAX_ERROR_GROUPS_PER_PROJECT,
  groupArchive?: ErrorGroupArchive,
): ErrorTrackingState {
  const keyRow = (key: ClientKey) => `${STATE_KEYS.clientKeys}${key.id}`;
  const keys = rows<ClientKey>(store, STATE_KEYS.clientKeys);
  let lastKeyId = Math.max(store.get<number>(STATE_KEYS.lastClientKeyId) ?? 0, ...keys.map((key) => key.id));
  return {
    keys: createClientKeyStore(
      newPublicKey,
      keys,
      {
        kept: (key) => {
          store.set(keyRow(key), key);
          lastKeyId = Math.max(lastKeyId, key.id);
        },
        // The row goes and the highest id stays, in one change: a deleted key's id is never given again.
        removed: (key) => store.commit({ delete: [keyRow(key)], set: { [STATE_KEYS.lastClientKeyId]: lastKeyId } }),
      },
      lastKeyId,
    ),
    settings: createTrackingSettingsStore(
      store.get<Record<number, TrackingSettings>>(STATE_KEYS.settings) ?? DEMO_TRACKING_SETTINGS,
      (all) => store.set(STATE_KEYS.settings, all),
    ),
    errors: createErrorStore(retentionMs, maxErrorGroups, groupArchive),
    sessions: createSessionStore(retentionMs),
    issues: createIssueStore(rows<Issue>(store, STATE_KEYS.issues), (issue) =>
      store.set(`${STATE_KEYS.issues}${issue.id}`, issue),
    ),
    commit: (change) => store.commit(change),
    ...(store.commitSoon ? { commitSoon: store.commitSoon.bind(store) } : {}),
  };
}
