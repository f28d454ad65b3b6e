import { type HttpHandler, HttpResponse, http } from 'msw';
import { ApiError, answering } from '../../platform/api-error.ts';
import { authenticate, requireScope } from '../../platform/auth.ts';
import { findGroup, requireGroupRole } from '../../platform/group-access.ts';
import type { AnalyticsState } from '../analytics-state.ts';
import { usageQuota } from '../quota/usage-quota.ts';

const PATH = '*/api/v4/groups/:id/product_analytics/usage_quota';
const MAX_MONTHS = 24;

/**
 * Usage quota (reference design; the spec shows the group's Usage quota tab, not an endpoint): monthly event
 * totals for the group with a per-project breakdown, newest month first, the current month to date.
 * `?months=N` (1–24, default 12). Needs a Maintainer of the group and `read_api`.
 */
export function usageQuotaHandlers(state: AnalyticsState): HttpHandler[] {
  return [
    http.get(PATH, ({ request, params }) =>
      answering(() => {
        const principal = authenticate(request, state.platform.fixtures);
        const group = findGroup(state.platform.fixtures, principal, params.id);
        requireScope(principal, 'read_api');
        requireGroupRole(principal, group, 'maintainer');
        const written = new URL(request.url).searchParams.get('months');
        const months = written === null ? 12 : Number(written);
        if (!Number.isInteger(months) || months < 1 || months > MAX_MONTHS)
          throw new ApiError(400, `months: "${written}" is not a whole number from 1 to ${MAX_MONTHS}`);
        const report = usageQuota(
          group,
          state.platform.fixtures.projects,
          (project) => state.onboarding(project.id) !== undefined,
          state.ledger,
          state.platform.clock.now(),
          months,
        );
        return HttpResponse.json(report);
      }),
    ),
  ];
}
