/**
 * Per-project error-tracking settings, after the spec's Settings > Monitor > Error Tracking: "Enable error
 * tracking" (`active`) and "Error tracking backend" (`backend`). Ingestion is accepted only when the
 * project is active and uses the platform's own backend. The field names are reference design.
 */
import { ApiError } from '../platform/api-error.ts';

/** The backends the settings offer: the platform's own, or an external error server. */
export const BACKENDS = ['platform', 'external'] as const;
/** An error-tracking backend. */
export type Backend = (typeof BACKENDS)[number];

/** A project's error-tracking settings. */
export interface TrackingSettings {
  /** "Enable error tracking" set to Active. */
  active: boolean;
  /** "Error tracking backend": `platform` (integrated) or `external`. */
  backend: Backend;
}

/** Settings per project; a project never configured is inactive. */
export interface TrackingSettingsStore {
  get(projectId: number): TrackingSettings;
  set(projectId: number, settings: TrackingSettings): void;
  /** Every configured project, for snapshots. */
  all(): [number, TrackingSettings][];
}

const OFF: TrackingSettings = { active: false, backend: 'platform' };

/**
 * Creates the settings store with initial values; `persist` keeps every project's settings as they will be
 * after a change, before the store changes, so a change it refuses (it throws) leaves no trace.
 */
export function createTrackingSettingsStore(
  initial: Record<number, TrackingSettings> = {},
  persist: (all: Record<number, TrackingSettings>) => void = () => {},
): TrackingSettingsStore {
  const settings = new Map<number, TrackingSettings>(Object.entries(initial).map(([id, value]) => [Number(id), value]));
  return {
    get: (projectId) => settings.get(projectId) ?? OFF,
    set: (projectId, value) => {
      persist({ ...Object.fromEntries(settings), [projectId]: value });
      settings.set(projectId, value);
    },
    all: () => [...settings.entries()],
  };
}

/** Whether the platform accepts errors for a project with these settings. */
export const acceptsErrors = (settings: TrackingSettings): boolean => settings.active && settings.backend === 'platform';

/**
 * Applies a settings update body `{active?, backend?}` to the current settings. Rejects anything else
 * with a 400 that names the field.
 */
export function applySettingsUpdate(current: TrackingSettings, body: unknown): TrackingSettings {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new ApiError(400, 'the body must be a JSON object such as {"active": true, "backend": "platform"}');
  }
  const next = { ...current };
  for (const [field, value] of Object.entries(body)) {
    if (field === 'active') {
      if (typeof value !== 'boolean') throw new ApiError(400, `active must be true or false; got ${JSON.stringify(value)}`);
      next.active = value;
    } else if (field === 'backend') {
      if (!BACKENDS.includes(value as Backend)) {
        throw new ApiError(400, `backend must be one of ${BACKENDS.join(', ')}; got ${JSON.stringify(value)}`);
      }
      next.backend = value as Backend;
    } else {
      throw new ApiError(400, `unknown field "${field}"; the settings have active and backend`);
    }
  }
  return next;
}
