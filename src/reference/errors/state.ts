/**
 * The error-tracking state: keys, settings, errors, sessions and issues, created together. Client keys,
 * settings and issues are small and rarely written, so they are kept in the shared {@link StateStore}
 * (and survive a reload where the host persists it); errors and sessions, written at ingestion rate,
 * stay in memory.
 */
import { memoryStateStore, type StateStore } from '../platform/state-store.ts';
import { type ClientKey, type ClientKeyStore, createClientKeyStore, randomPublicKey } from './client-keys.ts';
import { createErrorStore, type ErrorStore } from './error-store.ts';
import { RETENTION_MS } from './ingestion-limits.ts';
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
}

/**
 * The demo world's settings: project 1 (demo-app) has error tracking Active on the platform's own
 * backend; project 2 (docs-site) has it off, to show refused ingestion.
 */
export const DEMO_TRACKING_SETTINGS: Record<number, TrackingSettings> = { 1: { active: true, backend: 'platform' } };

/** Keys under which the state store holds error-tracking state. */
export const STATE_KEYS = {
  clientKeys: 'error-tracking/client-keys',
  settings: 'error-tracking/settings',
  issues: 'error-tracking/issues',
} as const;

/** Creates the state, reading what `store` already holds. `newPublicKey` lets tests name keys. */
export function createErrorTrackingState(
  store: StateStore = memoryStateStore(),
  newPublicKey: () => string = randomPublicKey,
  retentionMs: number = RETENTION_MS,
): ErrorTrackingState {
  return {
    keys: createClientKeyStore(newPublicKey, store.get<ClientKey[]>(STATE_KEYS.clientKeys) ?? [], (keys) =>
      store.set(STATE_KEYS.clientKeys, keys),
    ),
    settings: createTrackingSettingsStore(
      store.get<Record<number, TrackingSettings>>(STATE_KEYS.settings) ?? DEMO_TRACKING_SETTINGS,
      (all) => store.set(STATE_KEYS.settings, all),
    ),
    errors: createErrorStore(retentionMs),
    sessions: createSessionStore(retentionMs),
    issues: createIssueStore(store.get<Issue[]>(STATE_KEYS.issues) ?? [], (issues) => store.set(STATE_KEYS.issues, issues)),
  };
}
