import { describe, expect, it } from 'vitest';
import { endpointPathKeys, queryPathKey } from '../../src/site/path-search-keys.ts';

describe('path search keys', () => {
  it('file an endpoint under every tail of its path, with and without its method, parameters left out', () => {
    expect(endpointPathKeys('POST', '/api/v4/projects/{project_id}/ci/lint')).toEqual([
      'api/v4/projects/ci/lint',
      'v4/projects/ci/lint',
      'projects/ci/lint',
      'ci/lint',
      'post api/v4/projects/ci/lint',
      'post v4/projects/ci/lint',
      'post projects/ci/lint',
      'post ci/lint',
    ]);
    expect(endpointPathKeys('GET', '/i')).toEqual(['i', 'get i']);
  });

  it('read the path of a query in any spelling to the same key', () => {
    const page = endpointPathKeys('POST', '/api/v4/projects/{project_id}/product_analytics/request/load');
    for (const query of [
      '/api/v4/projects/:id/product_analytics/request/load',
      'api/v4/projects/{id}/product_analytics/request/load',
      'projects/:project_id/product_analytics/request/load',
      'product_analytics/request/load',
      'POST /api/v4/projects/:id/product_analytics/request/load',
    ]) {
      expect(page, query).toContain(queryPathKey(query));
    }
    expect(queryPathKey('CI_JOB_JWT')).toBeUndefined();
    expect(queryPathKey('/')).toBeUndefined();
  });
});
