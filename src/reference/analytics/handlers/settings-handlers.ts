import { type HttpHandler, HttpResponse, http } from 'msw';
import { answering } from '../../platform/api-error.ts';
import { authenticate, requireAdmin, requireScope } from '../../platform/auth.ts';
import type { AnalyticsState } from '../analytics-state.ts';
import {
  applyUpdate,
  effectiveSettings,
  missingFields,
  type ProviderSettingsUpdate,
  providerSettingsUpdateSchema,
  showValues,
} from '../settings/provider-settings.ts';
import { settingsAccess } from './access.ts';
import { readBody } from './read-body.ts';

const INSTANCE_PATH = '*/api/v4/application/product_analytics/settings';
const PROJECT_PATH = '*/api/v4/projects/:id/product_analytics/settings';

const readUpdate = (request: Request): Promise<ProviderSettingsUpdate> =>
  readBody(
    request,
    providerSettingsUpdateSchema,
    'the settings are collector_host, query_api_url, query_api_key and configurator_connection_string',
  );

/**
 * Provider settings (reference design; the spec shows no endpoint): instance level for administrators, project
 * level for Maintainers of projects in a group namespace. A project's view shows each effective value and where
 * it comes from; `null` in a PUT or a DELETE removes project values so the instance's apply again.
 */
export function settingsHandlers(state: AnalyticsState): HttpHandler[] {
  const instanceView = () => {
    const values = state.instanceValues();
    return { level: 'instance', ...showValues(values), missing: missingFields(values) };
  };
  const projectView = (projectId: number) => {
    const { values, sources } = effectiveSettings(state.instanceValues(), state.projectValues(projectId));
    return { level: 'project', project_id: projectId, ...showValues(values), sources, missing: missingFields(values) };
  };
  const admin = (request: Request, scope: 'api' | 'read_api') => {
    const principal = authenticate(request, state.platform.fixtures);
    requireScope(principal, scope);
    requireAdmin(principal);
  };

  return [
    http.get(INSTANCE_PATH, ({ request }) =>
      answering(() => {
        admin(request, 'read_api');
        return HttpResponse.json(instanceView());
      }),
    ),
    http.put(INSTANCE_PATH, ({ request }) =>
      answering(async () => {
        admin(request, 'api');
        state.setInstanceValues(applyUpdate(state.instanceValues(), await readUpdate(request)));
        return HttpResponse.json(instanceView());
      }),
    ),
    http.get(PROJECT_PATH, ({ request, params }) =>
      answering(() => HttpResponse.json(projectView(settingsAccess(request, state, params.id, 'read_api').id))),
    ),
    http.put(PROJECT_PATH, ({ request, params }) =>
      answering(async () => {
        const project = settingsAccess(request, state, params.id, 'api');
        state.setProjectValues(project.id, applyUpdate(state.projectValues(project.id), await readUpdate(request)));
        return HttpResponse.json(projectView(project.id));
      }),
    ),
    http.delete(PROJECT_PATH, ({ request, params }) =>
      answering(() => {
        const project = settingsAccess(request, state, params.id, 'api');
        state.setProjectValues(project.id, {});
        return HttpResponse.json(projectView(project.id));
      }),
    ),
  ];
}
