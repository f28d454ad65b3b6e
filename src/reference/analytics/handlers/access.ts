import { ApiError } from '../../platform/api-error.ts';
import { authenticate, findProject, type Principal, requireRole, requireScope } from '../../platform/auth.ts';
import type { Project, Role, Scope } from '../../platform/world.ts';
import type { AnalyticsState } from '../analytics-state.ts';

/** Who asks about which project, once the token, scope and role have been checked. */
export interface ProjectAccess {
  principal: Principal;
  project: Project;
}

/** Checks the token (401), the project (404), the scope (403) and the role (403), in that order. */
export function projectAccess(
  request: Request,
  state: AnalyticsState,
  projectId: string | readonly string[] | undefined,
  scope: Scope,
  role: Role,
): ProjectAccess {
  const principal = authenticate(request, state.platform.fixtures);
  const project = findProject(state.platform.fixtures, principal, projectId);
  requireScope(principal, scope);
  requireRole(principal, project, role);
  return { principal, project };
}

/** Rejects with 404 unless the project is onboarded, saying how to onboard it. */
export function requireOnboarded(state: AnalyticsState, project: Project): void {
  if (!state.onboarding(project.id))
    throw new ApiError(
      404,
      `404 Not Found: product analytics is not set up for project ${project.path}; a Maintainer onboards it first (POST /api/v4/projects/${project.id}/product_analytics/onboarding)`,
    );
}

/** Rejects with 403 unless the project lives in a group namespace, as project-level analytics settings need. */
export function requireGroupNamespace(project: Project): void {
  if (project.groupId === undefined)
    throw new ApiError(
      403,
      `403 Forbidden: project-level analytics settings and onboarding need a project in a group namespace; ${project.path} is in a personal namespace; move it into a group`,
    );
}
