/**
 * The world the reference implementation serves: one group, two projects, four users with tokens.
 * The same fixtures are documented in the README and on the site.
 */

/** Project roles, least to most. */
export const ROLES = ['guest', 'reporter', 'developer', 'maintainer', 'owner'] as const;
/** A project or group role. */
export type Role = (typeof ROLES)[number];

/** Whether `role` is at least `least`. */
export const roleAtLeast = (role: Role | undefined, least: Role): boolean =>
  role !== undefined && ROLES.indexOf(role) >= ROLES.indexOf(least);

/** Token scopes the reference knows. */
export type Scope = 'api' | 'read_api';

/** A namespace that holds projects. */
export interface Group {
  id: number;
  path: string;
  name: string;
}

/** A project. `groupId` is undefined for a project in a personal namespace. */
export interface Project {
  id: number;
  path: string;
  name: string;
  groupId: number | undefined;
}

/** A user with an access token. */
export interface User {
  id: number;
  username: string;
  name: string;
  /** Instance administrator. */
  admin: boolean;
  /** Role in each group, by group id. */
  groupRoles: Record<number, Role>;
  /** Role in each project, by project id, where it differs from the group's. */
  projectRoles: Record<number, Role>;
}

/** An access token sent as `PRIVATE-TOKEN`. */
export interface AccessToken {
  token: string;
  userId: number;
  scopes: Scope[];
}

/** The fixed fixtures. */
export interface Fixtures {
  groups: Group[];
  projects: Project[];
  users: User[];
  tokens: AccessToken[];
}

/** demo-group (10) with projects 1 demo-app and 2 docs-site, and the four demo tokens. */
export function demoFixtures(): Fixtures {
  return {
    groups: [{ id: 10, path: 'demo-group', name: 'Demo group' }],
    projects: [
      { id: 1, path: 'demo-group/demo-app', name: 'demo-app', groupId: 10 },
      { id: 2, path: 'demo-group/docs-site', name: 'docs-site', groupId: 10 },
    ],
    users: [
      { id: 1, username: 'demo-admin', name: 'Demo Administrator', admin: true, groupRoles: {}, projectRoles: {} },
      {
        id: 2,
        username: 'demo-maintainer',
        name: 'Demo Maintainer',
        admin: false,
        groupRoles: { 10: 'maintainer' },
        projectRoles: {},
      },
      {
        id: 3,
        username: 'demo-developer',
        name: 'Demo Developer',
        admin: false,
        groupRoles: { 10: 'developer' },
        projectRoles: {},
      },
      { id: 4, username: 'demo-reader', name: 'Demo Reader', admin: false, groupRoles: { 10: 'maintainer' }, projectRoles: {} },
    ],
    tokens: [
      { token: 'demo-admin-token', userId: 1, scopes: ['api'] },
      { token: 'demo-maintainer-token', userId: 2, scopes: ['api'] },
      { token: 'demo-developer-token', userId: 3, scopes: ['api'] },
      { token: 'demo-read-token', userId: 4, scopes: ['read_api'] },
    ],
  };
}
