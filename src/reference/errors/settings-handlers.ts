/**
 * Error-tracking settings per project (reference design: the spec describes the settings page, not
 * an endpoint): `GET` and `PATCH /api/v4/projects/{project_id}/error_tracking/settings` with
 * `{active, backend}`. Project-level settings need at least the Maintainer role.
 */
import { HttpResponse, http } from 'msw';
import { answering, readJson } from '../platform/api-error.ts';
import { projectAccess } from '../platform/auth.ts';
import type { PlatformContext } from '../platform/context.ts';
import { applySettingsUpdate, type TrackingSettingsStore } from './tracking-settings.ts';

const PATH = '*/api/v4/projects/:projectId/error_tracking/settings';

/** The settings handlers. */
export function settingsHandlers(platform: PlatformContext, settings: TrackingSettingsStore) {
  return [
    http.get(PATH, ({ request, params }) =>
      answering(() => {
        const { project } = projectAccess(platform.fixtures, request, params.projectId, 'read_api', 'maintainer');
        return HttpResponse.json({ project_id: project.id, ...settings.get(project.id) });
      }),
    ),
    http.patch(PATH, ({ request, params }) =>
      answering(async () => {
        const { project } = projectAccess(platform.fixtures, request, params.projectId, 'api', 'maintainer');
        const next = applySettingsUpdate(settings.get(project.id), await readJson(request));
        settings.set(project.id, next);
        return HttpResponse.json({ project_id: project.id, ...next });
      }),
    ),
  ];
}
