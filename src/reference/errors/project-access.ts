/** Access checks shared by the error-tracking endpoints that take a `PRIVATE-TOKEN`. */
import { authenticate, findProject, requireRole, requireScope } from '../platform/auth.ts';
import type { PlatformContext } from '../platform/context.ts';
import type { Project, Role, Scope } from '../platform/world.ts';

/**
 * Authenticates the request and returns the project, in the order the platform checks: token (401),
 * project visible to the user (404), token scope (403), role (403).
 */
export function projectAccess(
  platform: PlatformContext,
  request: Request,
  projectId: string | readonly string[] | undefined,
  scope: Scope,
  role: Role,
): Project {
  const principal = authenticate(request, platform.fixtures);
  const project = findProject(platform.fixtures, principal, projectId);
  requireScope(principal, scope);
  requireRole(principal, project, role);
  return project;
}
