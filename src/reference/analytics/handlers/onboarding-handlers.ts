import { type HttpHandler, HttpResponse, http } from 'msw';
import { z } from '../../../schemas/zod-mini.ts';
import { answering } from '../../platform/api-error.ts';
import type { Project } from '../../platform/world.ts';
import type { AnalyticsState } from '../analytics-state.ts';
import { COLLECTOR_PATH } from '../collector/collector-handlers.ts';
import { decideOnboarding, type OnboardingRequest } from '../settings/onboarding.ts';
import { effectiveSettings } from '../settings/provider-settings.ts';
import { settingsAccess } from './access.ts';
import { readBody } from './read-body.ts';

const PATH = '*/api/v4/projects/:id/product_analytics/onboarding';

/** The onboarding request (reference design). */
const onboardingRequestSchema = z.strictObject({
  /** `managed` ("Connect GitLab-managed provider") or `self_managed` ("Connect your own provider"). */
  provider: z.enum(['managed', 'self_managed'], { error: 'provider must be "managed" or "self_managed"' }),
  /** The region-consent checkbox of the managed provider. */
  region_consent: z.optional(z.boolean({ error: 'region_consent must be true or false' })),
});

const readRequest = (request: Request): Promise<OnboardingRequest> =>
  readBody(request, onboardingRequestSchema, 'send provider and region_consent');

/**
 * Onboarding (reference design; the spec describes the set-up screen, not an endpoint): `GET` shows whether a
 * project is ready to receive events, `POST` connects a provider. Both need a Maintainer and a group namespace.
 */
export function onboardingHandlers(state: AnalyticsState): HttpHandler[] {
  const view = (project: Project, request: Request) => {
    const record = state.onboarding(project.id);
    if (!record) return { project_id: project.id, onboarded: false };
    const collectorHost =
      record.provider === 'self_managed'
        ? effectiveSettings(state.instanceValues(), state.projectValues(project.id)).values.collector_host
        : undefined;
    return {
      project_id: project.id,
      onboarded: true,
      ...record,
      app_id: state.appIdOf(project),
      collector_url: `${collectorHost ?? new URL(request.url).origin}${COLLECTOR_PATH}`,
    };
  };
  return [
    http.get(PATH, ({ request, params }) =>
      answering(() => HttpResponse.json(view(settingsAccess(request, state, params.id, 'read_api'), request))),
    ),
    http.post(PATH, ({ request, params }) =>
      answering(async () => {
        const project = settingsAccess(request, state, params.id, 'api');
        const record = decideOnboarding(await readRequest(request), {
          offering: state.offering,
          current: state.onboarding(project.id),
          projectValues: state.projectValues(project.id),
          effective: effectiveSettings(state.instanceValues(), state.projectValues(project.id)),
          now: state.platform.clock.now(),
          settingsPath: `/api/v4/projects/${project.id}/product_analytics/settings`,
        });
        const created = !state.onboarding(project.id);
        state.setOnboarding(project.id, record);
        return HttpResponse.json(view(project, request), { status: created ? 201 : 200 });
      }),
    ),
  ];
}
