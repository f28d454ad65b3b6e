import { ApiError } from './api-error.ts';
import { authenticate, type Principal, requireScope } from './auth.ts';
import type { Fixtures, Group, Role, Scope } from './world.ts';
import { roleAtLeast } from './world.ts';

/**
 * Finds a group by the `{group_id}` path parameter (its id or its path). A group the user has no role in is a
 * 404, like a project, so private groups stay hidden.
 */
export function findGroup(fixtures: Fixtures, principal: Principal, groupId: string | readonly string[] | undefined): Group {
  const wanted = String(groupId ?? '');
  const group = fixtures.groups.find((candidate) => String(candidate.id) === wanted || candidate.path === wanted);
  if (!group || (!principal.user.admin && !principal.user.groupRoles[group.id])) {
    throw new ApiError(404, `404 Group Not Found: no group ${wanted || '(empty)'} that this token can see`);
  }
  return group;
}

/** Rejects with 403 unless the user is an administrator or has at least `least` in the group. */
export function requireGroupRole(principal: Principal, group: Group, least: Role): void {
  if (principal.user.admin) return;
  const role = principal.user.groupRoles[group.id];
  if (!roleAtLeast(role, least)) {
    throw new ApiError(
      403,
      `403 Forbidden: this action needs at least the ${least} role in the group; you have ${role ?? 'no role'}`,
    );
  }
}

/**
 * Authenticates the request and finds the `{group_id}` group, in the order projects are checked: token
 * (401), group visible to the user (404), token scope (403), group role (403).
 */
export function groupAccess(
  fixtures: Fixtures,
  request: Request,
  groupId: string | readonly string[] | undefined,
  scope: Scope,
  role: Role,
): Group {
  const principal = authenticate(request, fixtures);
  const group = findGroup(fixtures, principal, groupId);
  requireScope(principal, scope);
  requireGroupRole(principal, group, role);
  return group;
}
