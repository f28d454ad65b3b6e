/**
 * The usual answer of `GET /api/v4/projects/{id}/ci/lint` (reference design: the spec names the endpoint
 * and its parameters, not its payload). The reference keeps no CI configuration, so every check passes and
 * `merged_yaml` is a fixed, small configuration. Versioned behaviour wraps it: from 18.0 the register
 * rejects `ref` with `sha` before this runs.
 */
import { HttpResponse } from 'msw';
import { projectAccess } from '../platform/auth.ts';
import type { PlatformContext } from '../platform/context.ts';
import type { EndpointAnswer } from '../versioned/versioned-behaviour.ts';

/** The configuration every demo project is checked as. */
export const DEMO_MERGED_YAML = 'test:\n  script:\n    - npm test\n';

/** Checks the CI configuration of a project the token can read. */
export function lintCiConfig(platform: PlatformContext): EndpointAnswer {
  return ({ request, params }) => {
    projectAccess(platform.fixtures, request, params.id, 'read_api', 'guest');
    return HttpResponse.json({ valid: true, errors: [], warnings: [], merged_yaml: DEMO_MERGED_YAML });
  };
}
