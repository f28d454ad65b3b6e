import { describe, expect, it } from 'vitest';
import { workerRegistration } from '../../../src/reference/browser/worker-scope.ts';

describe('the worker registration', () => {
  it('scopes the worker to the page’s top-level section, one script URL per scope', () => {
    expect(workerRegistration('/api/runners-create/')).toEqual({
      scope: '/api/',
      url: '/mockServiceWorker.js?scope=%2Fapi%2F',
    });
    expect(workerRegistration('/try/errors/')).toEqual({ scope: '/try/', url: '/mockServiceWorker.js?scope=%2Ftry%2F' });
  });

  it('keeps a page directly under the base to itself, and follows a base path', () => {
    expect(workerRegistration('/demo.html').scope).toBe('/demo.html');
    expect(workerRegistration('/docs/api/x/', '/docs')).toEqual({
      scope: '/docs/api/',
      url: '/docs/mockServiceWorker.js?scope=%2Fdocs%2Fapi%2F',
    });
  });

  it('refuses a page outside the base', () => {
    expect(() => workerRegistration('/other/x/', '/docs/')).toThrow("page /other/x/ is outside the site's base /docs/");
  });
});
