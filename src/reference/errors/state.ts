/** The error-tracking state: keys, settings, errors, sessions and issues, created together. */
import { type ClientKeyStore, createClientKeyStore, randomPublicKey } from './client-keys.ts';
import { createErrorStore, type ErrorStore } from './error-store.ts';
import { createIssueStore, type IssueStore } from './issues.ts';
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

/** Creates empty state with the demo settings. `newPublicKey` lets tests name keys. */
export function createErrorTrackingState(newPublicKey: () => string = randomPublicKey): ErrorTrackingState {
  return {
    keys: createClientKeyStore(newPublicKey),
    settings: createTrackingSettingsStore(DEMO_TRACKING_SETTINGS),
    errors: createErrorStore(),
    sessions: createSessionStore(),
    issues: createIssueStore(),
  };
}
