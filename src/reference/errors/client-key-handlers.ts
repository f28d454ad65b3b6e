/**
 * Spec endpoints 2–4: create, list and delete client keys with a `PRIVATE-TOKEN` of scope `api` and at
 * least the Maintainer role. Bodies are `{id, active, public_key, sentry_dsn}` (reference design: the
 * spec does not show them); the DSN is built from the address the request came in on.
 */
import { HttpResponse, http } from 'msw';
import { ApiError, answering } from '../platform/api-error.ts';
import { projectAccess } from '../platform/auth.ts';
import { canonicalId } from '../platform/canonical-id.ts';
import type { PlatformContext } from '../platform/context.ts';
import type { ClientKey, ClientKeyStore } from './client-keys.ts';
import { buildDsn } from './dsn.ts';

const BASE = '*/api/v4/projects/:projectId/error_tracking/client_keys';

/** A client key as the endpoints answer it. */
export function clientKeyBody(key: ClientKey, requestUrl: string) {
  return {
    id: key.id,
    active: key.active,
    public_key: key.publicKey,
    sentry_dsn: buildDsn(requestUrl, key.publicKey, key.projectId),
  };
}

/** The client key handlers. */
export function clientKeyHandlers(platform: PlatformContext, keys: ClientKeyStore) {
  return [
    http.post(BASE, ({ request, params }) =>
      answering(() => {
        const { project } = projectAccess(platform.fixtures, request, params.projectId, 'api', 'maintainer');
        return HttpResponse.json(clientKeyBody(keys.create(project.id), request.url), { status: 201 });
      }),
    ),
    http.get(BASE, ({ request, params }) =>
      answering(() => {
        const { project } = projectAccess(platform.fixtures, request, params.projectId, 'api', 'maintainer');
        return HttpResponse.json(keys.list(project.id).map((key) => clientKeyBody(key, request.url)));
      }),
    ),
    http.delete(`${BASE}/:keyId`, ({ request, params }) =>
      answering(() => {
        const { project } = projectAccess(platform.fixtures, request, params.projectId, 'api', 'maintainer');
        const keyId = canonicalId(params.keyId);
        if (keyId === undefined || !keys.remove(project.id, keyId)) {
          throw new ApiError(
            404,
            `404 Client Key Not Found: project ${project.id} has no client key ${String(params.keyId)}; list the keys to find its id`,
          );
        }
        return new HttpResponse(null, { status: 204 });
      }),
    ),
  ];
}
