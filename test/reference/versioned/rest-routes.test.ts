import { describe, expect, it } from 'vitest';
import { mswPath } from '../../../src/reference/rest/rest-module.ts';
import { theRegister } from './harness.ts';

const SERVED = [
  'ci-lint',
  'runners-create',
  'runners-reset-registration-token',
  'projects-runners-reset-registration-token',
  'groups-runners-reset-registration-token',
];

describe('routes of the REST endpoints the register names', () => {
  it('turn {name} placeholders into MSW parameters on any origin', () => {
    expect(mswPath('/api/v4/projects/{id}/ci/lint')).toBe('*/api/v4/projects/:id/ci/lint');
  });

  it('sit under the REST prefix /api/v4 in content and are marked as served by the reference', async () => {
    const register = await theRegister();
    for (const id of SERVED) {
      const endpoint = register.endpoint(id);
      expect(endpoint?.path, id).toMatch(/^\/api\/v4\//);
      expect(endpoint?.reference, id).toBe(true);
    }
  });
});
