import { ApiError } from '../../platform/api-error.ts';
import { projectAccess as platformProjectAccess } from '../../platform/auth.ts';
import type { Project, Role, Scope } from '../../platform/world.ts';
import type { AnalyticsState } from '../analytics-state.ts';

/** The project asked about, once the token (401), the project (404), the scope (403) and the role (403) pass, in that order. */
export function projectAccess(
  request: Request,
  state: AnalyticsState,
  projectId: string | readonly string[] | undefined,
  scope: Scope,
  role: Role,
): Project {
  return platformProjectAccess(state.platform.fixtures, request, projectId, scope, role).project;
}

/**
 * The project whose analytics settings or onboarding are asked about: it needs a Maintainer of the project or its
 * group, and a project in a group namespace (403 otherwise, saying to move it into a group).
 */
export function settingsAccess(
  request: Request,
  state: AnalyticsState,
  projectId: string | readonly string[] | undefined,
  scope: Scope,
): Project {
  const project = projectAccess(request, state, projectId, scope, 'maintainer');
  if (project.groupId === undefined)
    throw new ApiError(
      403,
      `403 Forbidden: project-level analytics settings and onboarding need a project in a group namespace; ${project.path} is in a personal namespace; move it into a group`,
    );
  return project;
}

/** Rejects with 404 unless the project is onboarded, saying how to onboard it. */
export function requireOnboarded(state: AnalyticsState, project: Project): void {
  if (!state.onboarding(project.id))
    throw new ApiError(
      404,
      `404 Not Found: product analytics is not set up for project ${project.path}; a Maintainer onboards it first (POST /api/v4/projects/${project.id}/product_analytics/onboarding)`,
    );
}
