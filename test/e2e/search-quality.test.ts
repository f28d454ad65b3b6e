import { describe, expect, it } from 'vitest';
import { chromiumForFile, openPage, scriptErrors } from './browser.ts';

/**
 * Queries a reader types, each with the page it must find in the first three results: identifiers, endpoint
 * paths in every spelling, error messages as they appear, releases with "breaking", and topics.
 */
const QUERIES: [query: string, expected: string, first?: 'first'][] = [
  // Identifiers the register names
  ['CI_JOB_JWT', '/register/ci-job-jwt-removed/', 'first'],
  ['previousStageJobsOrNeeds', '/register/graphql-previous-stage-jobs-or-needs-removed/'],
  ['DAST_API_HOST_OVERRIDE', '/register/dast-api-host-override-renamed/', 'first'],
  ['ci_active_pipelines', '/register/ci-active-pipelines-limit-removed/'],
  ['user_email_lookup_limit', '/register/user-email-lookup-limit-removed/', 'first'],
  ['TrackedEvents.count', '/api/product-analytics-load/'],
  // Endpoint paths, as the platform's docs write them, as the site does, short and with the method
  ['product_analytics/request/load', '/api/product-analytics-load/', 'first'],
  ['/api/v4/projects/:id/product_analytics/request/load', '/api/product-analytics-load/', 'first'],
  ['api/v4/projects/{project_id}/product_analytics/request/load', '/api/product-analytics-load/', 'first'],
  ['POST /api/v4/projects/:id/product_analytics/request/load', '/api/product-analytics-load/', 'first'],
  ['POST /api/v4/runners', '/api/runners-create/', 'first'],
  ['api/v4/runners', '/api/runners-create/', 'first'],
  ['/api/v4/groups/:id/runners/reset_registration_token', '/api/groups-runners-reset-registration-token/', 'first'],
  ['runners/reset_registration_token', '/api/runners-reset-registration-token/'],
  ['DELETE /api/v4/projects/:id/error_tracking/client_keys/:key_id', '/api/error-tracking-client-keys-delete/', 'first'],
  ['projects/:id/error_tracking/client_keys', '/api/error-tracking-client-keys-list/'],
  ['projects/:id/ci/lint', '/api/ci-lint/', 'first'],
  ['/api/v4/member_roles', '/api/member-roles-list/'],
  ['groups/:id/product_analytics/usage_quota', '/api/product-analytics-usage-quota/', 'first'],
  ['error_tracking/collector/api/1/envelope', '/api/error-tracking-envelope/', 'first'],
  // Messages as readers see them
  ['afterDate is not supported', '/errors/funnel-after-date-unsupported/', 'first'],
  ['server sent certificate containing RSA key larger than 8192 bits', '/errors/rsa-key-too-large/', 'first'],
  ['429 Too Many Requests', '/errors/rate-limit-exceeded/'],
  ['runner registration tokens are no longer supported', '/errors/runner-registration-token-gone/'],
  // A release and what breaks in it
  ['17.0 breaking', '/releases/17.0/', 'first'],
  ['17.0 breaking', '/upgrade/16.0-to-17.0/'],
  ['18.0 breaking', '/releases/18.0/', 'first'],
  ['18.0 breaking', '/upgrade/17.0-to-18.0/'],
  ['16.0 breaking', '/releases/16.0/', 'first'],
  // Topics
  ['missing day fill', '/guides/missing-day-fill/'],
  ['raw data export', '/guides/raw-data-export/'],
  ['funnels', '/guides/funnels/'],
  ['rotate DSN client key', '/auth/'],
  ['feature flags', '/flags/'],
  ['rate limits', '/register/rate-limits-on-by-default/'],
  ['RSA key size', '/limits/'],
];

const chromium = chromiumForFile();

describe('search quality', () => {
  it(`finds the expected page in the first three results for ${QUERIES.length} queries a reader types`, async () => {
    expect(QUERIES.length).toBeGreaterThanOrEqual(30);
    const page = await openPage(chromium.browser, '/search/');
    const input = page.locator('#search-input');
    const misses: string[] = [];
    for (const [query, expected, first] of QUERIES) {
      await input.fill(query);
      // The status names the query its list answers, so the list read is this query's.
      await page.waitForFunction(
        (term) => (document.querySelector('#search-status')?.textContent ?? '').includes(`“${term}”`),
        query,
      );
      const top = await page
        .locator('#search-results li > a')
        .evaluateAll((anchors) => anchors.slice(0, 3).map((anchor) => anchor.getAttribute('href')));
      const rank = top.indexOf(expected);
      if (rank < 0 || (first && rank !== 0))
        misses.push(`${query}: ${expected} ${first ? 'first' : 'in the top 3'}, got ${top.join(' ')}`);
    }
    expect(misses).toEqual([]);
    expect(scriptErrors(page)).toEqual([]);
    await page.context().close();
  });
});
