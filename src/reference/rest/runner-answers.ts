/**
 * The usual answers of the runner endpoints the register names (reference design: the spec gives their
 * paths and the 410 of removal, not their records). Versioned behaviour wraps them: from 18.0 the register
 * rejects registration tokens, the registration arguments and the reset endpoints before these run.
 */
import { HttpResponse } from 'msw';
import { ApiError } from '../platform/api-error.ts';
import { authenticate, projectAccess, requireAdmin, requireScope } from '../platform/auth.ts';
import type { PlatformContext } from '../platform/context.ts';
import { groupAccess } from '../platform/group-access.ts';
import { readBodyFields } from '../versioned/request-fields.ts';
import type { EndpointAnswer } from '../versioned/versioned-behaviour.ts';
import type { Runner, RunnerRegistry, RunnerScope } from './runner-registry.ts';

/** A runner as `POST /api/v4/runners` answers it; the reference sets no expiry on runner tokens. */
const runnerBody = (runner: Runner) => ({ id: runner.id, token: runner.token, token_expires_at: null });

/**
 * `POST /api/v4/runners`. With a registration token in the body (`token`, deprecated), the runner
 * registers in the token's scope. Without one, an administrator's access token in `PRIVATE-TOKEN` creates an
 * instance runner and receives its authentication token, the flow that replaces registration tokens.
 */
export function createRunner(platform: PlatformContext, registry: RunnerRegistry): EndpointAnswer {
  return async ({ request }) => {
    const fields = await readBodyFields(request);
    if (fields.token !== undefined) {
      if (typeof fields.token !== 'string' || fields.token.trim() === '') {
        throw new ApiError(400, '400 Bad Request: token must be a non-empty string holding a registration token');
      }
      const scope = registry.scopeOf(fields.token);
      if (!scope) {
        throw new ApiError(
          403,
          '403 Forbidden: the registration token is not valid; it may have been reset. Create the runner with an access token instead',
        );
      }
      return HttpResponse.json(runnerBody(registry.register(scope)), { status: 201 });
    }
    const principal = authenticate(request, platform.fixtures);
    requireScope(principal, 'api');
    requireAdmin(principal, 'creating an instance runner needs an administrator');
    return HttpResponse.json(runnerBody(registry.register('instance')), { status: 201 });
  };
}

function resetAnswer(registry: RunnerRegistry, scope: RunnerScope): Response {
  return HttpResponse.json({ token: registry.resetRegistrationToken(scope) }, { status: 201 });
}

/** `POST /api/v4/runners/reset_registration_token`: an administrator resets the instance's token. */
export function resetInstanceToken(platform: PlatformContext, registry: RunnerRegistry): EndpointAnswer {
  return ({ request }) => {
    const principal = authenticate(request, platform.fixtures);
    requireScope(principal, 'api');
    requireAdmin(principal, "resetting the instance's runner registration token needs an administrator");
    return resetAnswer(registry, 'instance');
  };
}

/** `POST /api/v4/projects/{id}/runners/reset_registration_token`: needs at least Maintainer in the project. */
export function resetProjectToken(platform: PlatformContext, registry: RunnerRegistry): EndpointAnswer {
  return ({ request, params }) => {
    const { project } = projectAccess(platform.fixtures, request, params.id, 'api', 'maintainer');
    return resetAnswer(registry, `project:${project.id}`);
  };
}

/** `POST /api/v4/groups/{id}/runners/reset_registration_token`: needs the Owner role in the group. */
export function resetGroupToken(platform: PlatformContext, registry: RunnerRegistry): EndpointAnswer {
  return ({ request, params }) => {
    const group = groupAccess(platform.fixtures, request, params.id, 'api', 'owner');
    return resetAnswer(registry, `group:${group.id}`);
  };
}
