import { describe, expect, it } from 'vitest';
import { createErrorTrackingState, STATE_KEYS } from '../../../src/reference/errors/state.ts';
import { memoryStateStore } from '../../../src/reference/platform/state-store.ts';

describe('error-tracking state', () => {
  it('keeps client keys, settings and issues in the shared state store, so they outlive a restart', () => {
    const store = memoryStateStore();
    const first = createErrorTrackingState(store, () => 'a'.repeat(32));
    const key = first.keys.create(1);
    first.settings.set(2, { active: true, backend: 'platform' });
    first.issues.create({ project_id: 1, title: 't', description: 'd', error_id: 1 }, 0, 'http://localhost/p');
    expect(store.keys('error-tracking/')).toEqual([
      `${STATE_KEYS.clientKeys}${key.id}`,
      `${STATE_KEYS.issues}1`,
      STATE_KEYS.settings,
    ]);

    const second = createErrorTrackingState(store);
    expect(second.keys.findByPublicKey('a'.repeat(32))).toEqual(key);
    expect(second.keys.create(1).id).toBe(key.id + 1);
    expect(second.settings.get(2)).toEqual({ active: true, backend: 'platform' });
    expect(second.issues.get(1, 1)?.title).toBe('t');
  });

  it('forgets a deleted key in the store too', () => {
    const store = memoryStateStore();
    const first = createErrorTrackingState(store);
    const key = first.keys.create(1);
    first.keys.remove(1, key.id);
    expect(createErrorTrackingState(store).keys.findByPublicKey(key.publicKey)).toBeUndefined();
  });

  it('starts with demo-app enabled and docs-site off', () => {
    const state = createErrorTrackingState();
    expect(state.settings.get(1)).toEqual({ active: true, backend: 'platform' });
    expect(state.settings.get(2).active).toBe(false);
  });
});
