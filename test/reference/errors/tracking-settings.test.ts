import { describe, expect, it } from 'vitest';
import {
  acceptsErrors,
  applySettingsUpdate,
  createTrackingSettingsStore,
} from '../../../src/reference/errors/tracking-settings.ts';
import { ApiError } from '../../../src/reference/platform/api-error.ts';

describe('error-tracking settings', () => {
  it('accepts errors only when active on the platform backend', () => {
    expect(acceptsErrors({ active: true, backend: 'platform' })).toBe(true);
    expect(acceptsErrors({ active: false, backend: 'platform' })).toBe(false);
    expect(acceptsErrors({ active: true, backend: 'external' })).toBe(false);
  });

  it('treats a project never configured as off', () => {
    expect(createTrackingSettingsStore().get(9)).toEqual({ active: false, backend: 'platform' });
  });

  it('applies partial updates and rejects unknown fields and bad values', () => {
    expect(applySettingsUpdate({ active: false, backend: 'platform' }, { active: true })).toEqual({
      active: true,
      backend: 'platform',
    });
    const message = (body: unknown) => {
      try {
        applySettingsUpdate({ active: false, backend: 'platform' }, body);
      } catch (error) {
        if (error instanceof ApiError) return error.message;
      }
      return 'accepted';
    };
    expect(message({ active: 'yes' })).toBe('active must be true or false; got "yes"');
    expect(message({ backend: 'other' })).toBe('backend must be one of platform, external; got "other"');
    expect(message({ enabled: true })).toBe('unknown field "enabled"; the settings have active and backend');
    expect(message([])).toMatch(/must be a JSON object/);
  });
});
