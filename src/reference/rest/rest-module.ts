/**
 * The REST endpoints the register names and the reference serves, under the REST prefix `/api/v4`. Each
 * route (method and path) comes from the endpoint's `content/api/<id>.yaml`; each answer is wrapped in the
 * register's versioned behaviour.
 */
import { type HttpHandler, http } from 'msw';
import type { PlatformContext } from '../platform/context.ts';
import type { EndpointAnswer, EndpointRoute, VersionedBehaviour } from '../versioned/versioned-behaviour.ts';
import { lintCiConfig } from './ci-lint-answer.ts';
import { createRunner, resetGroupToken, resetInstanceToken, resetProjectToken } from './runner-answers.ts';
import { createRunnerRegistry, type RunnerRegistry } from './runner-registry.ts';

/** The REST module. */
export interface RestModule {
  handlers: HttpHandler[];
  /** Runners and registration tokens, for tests and hosts. */
  runners: RunnerRegistry;
}

/** An endpoint path as an MSW pattern: `{name}` becomes `:name`, and any origin matches. */
export function mswPath(path: string): string {
  return `*${path.replace(/\{([^}]+)\}/g, ':$1')}`;
}

const ROUTES = {
  GET: http.get,
  POST: http.post,
  PUT: http.put,
  PATCH: http.patch,
  DELETE: http.delete,
  OPTIONS: http.options,
} as const;

/**
 * Builds the handlers. Every served endpoint must be in `endpoints`: its route is read from there, so a
 * register without it is a setup error and throws.
 */
export function createRestModule(
  platform: PlatformContext,
  versioned: VersionedBehaviour,
  endpoints: readonly EndpointRoute[],
): RestModule {
  const runners = createRunnerRegistry();
  const answers: Record<string, EndpointAnswer> = {
    'ci-lint': lintCiConfig(platform),
    'runners-create': createRunner(platform, runners),
    'runners-reset-registration-token': resetInstanceToken(platform, runners),
    'projects-runners-reset-registration-token': resetProjectToken(platform, runners),
    'groups-runners-reset-registration-token': resetGroupToken(platform, runners),
  };
  const handlers = Object.entries(answers).map(([id, answer]) => {
    const endpoint = endpoints.find((candidate) => candidate.id === id);
    if (!endpoint) {
      throw new Error(
        `endpoint "${id}" is not in the register's endpoints; the reference reads its route from content/api/${id}.yaml`,
      );
    }
    return ROUTES[endpoint.method](mswPath(endpoint.path), versioned.endpoint(id, answer));
  });
  return { handlers, runners };
}
