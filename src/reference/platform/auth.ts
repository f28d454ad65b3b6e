import { ApiError } from './api-error.ts';
import { canonicalId } from './canonical-id.ts';
import type { AccessToken, Fixtures, Project, Role, Scope, User } from './world.ts';
import { roleAtLeast } from './world.ts';

/** Who a request acts as. */
export interface Principal {
  user: User;
  token: AccessToken;
}

/**
 * Reads the access token from `PRIVATE-TOKEN`, or from `Authorization` (`Bearer <token>` or the raw token,
 * which is how the Cube client sends it). Rejects with 401 when none is given or it is unknown.
 */
export function authenticate(request: Request, fixtures: Fixtures): Principal {
  const value = sentToken(request);
  if (!value) throw new ApiError(401, '401 Unauthorized: send an access token in the PRIVATE-TOKEN header');
  const principal = principalOf(value, fixtures);
  if (!principal) throw new ApiError(401, '401 Unauthorized: the access token is not valid');
  return principal;
}

/** The token a request sends, in any accepted spelling, trimmed; undefined when it sends none. */
export function sentToken(request: Request): string | undefined {
  const header = request.headers.get('private-token') ?? request.headers.get('authorization')?.replace(/^Bearer\s+/i, '');
  return header?.trim() || undefined;
}

/** The user and token behind a token string, or undefined when the token is unknown. */
export function principalOf(value: string, fixtures: Fixtures): Principal | undefined {
  const token = fixtures.tokens.find((candidate) => candidate.token === value);
  const user = token && fixtures.users.find((candidate) => candidate.id === token.userId);
  return token && user ? { user, token } : undefined;
}

/** Rejects with 403 unless the token carries the scope. `api` includes everything `read_api` allows. */
export function requireScope(principal: Principal, scope: Scope): void {
  const has = principal.token.scopes.includes('api') || principal.token.scopes.includes(scope);
  if (!has)
    throw new ApiError(
      403,
      `403 Forbidden: this action needs a token with scope ${scope}; the token has ${principal.token.scopes.join(', ')}`,
    );
}

/** The user's effective role in a project: the higher of the project role and the group role. */
export function roleIn(user: User, project: Project): Role | undefined {
  const roles = [user.projectRoles[project.id], project.groupId === undefined ? undefined : user.groupRoles[project.groupId]];
  return roles.reduce<Role | undefined>((best, role) => (role && (!best || roleAtLeast(role, best)) ? role : best), undefined);
}

/**
 * Finds a project by the `{project_id}` path parameter and checks the user may see it. An unknown project,
 * or one the user has no role in, is a 404 (the platform does not reveal private projects).
 */
export function findProject(
  fixtures: Fixtures,
  principal: Principal,
  projectId: string | readonly string[] | undefined,
): Project {
  const id = canonicalId(projectId);
  const project = id === undefined ? undefined : fixtures.projects.find((candidate) => candidate.id === id);
  if (!project || (!principal.user.admin && !roleIn(principal.user, project))) {
    throw new ApiError(404, `404 Project Not Found: no project with id ${String(projectId)} that this token can see`);
  }
  return project;
}

/** Rejects with 403 unless the user is an administrator or has at least `least` in the project. */
export function requireRole(principal: Principal, project: Project, least: Role): void {
  if (principal.user.admin) return;
  const role = roleIn(principal.user, project);
  if (!roleAtLeast(role, least)) {
    throw new ApiError(
      403,
      `403 Forbidden: this action needs at least the ${least} role in the project or its group; you have ${role ?? 'no role'}`,
    );
  }
}

/**
 * Rejects with 403 unless the user is an instance administrator; `reason` says what needs one, such as
 * "creating an instance runner needs an administrator".
 */
export function requireAdmin(principal: Principal, reason = 'instance-level settings need an administrator'): void {
  if (!principal.user.admin) throw new ApiError(403, `403 Forbidden: ${reason}`);
}

/** Who asks about which project, once the token, project, scope and role have been checked. */
export interface ProjectAccess {
  principal: Principal;
  project: Project;
}

/**
 * Authenticates the request and finds the `{project_id}` project, in the order the platform checks: token
 * (401), project visible to the user (404), token scope (403), role (403).
 */
export function projectAccess(
  fixtures: Fixtures,
  request: Request,
  projectId: string | readonly string[] | undefined,
  scope: Scope,
  role: Role,
): ProjectAccess {
  const principal = authenticate(request, fixtures);
  const project = findProject(fixtures, principal, projectId);
  requireScope(principal, scope);
  requireRole(principal, project, role);
  return { principal, project };
}
