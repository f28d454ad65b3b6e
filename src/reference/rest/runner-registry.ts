/**
 * Runners and runner registration tokens of the demo world (reference design: the spec names the
 * endpoints, not their records). The instance starts with the registration token `demo-registration-token`;
 * projects and groups get one when it is first reset.
 */

/** Where runners register: `instance`, `project:<id>` or `group:<id>`. */
export type RunnerScope = 'instance' | `project:${number}` | `group:${number}`;

/** A registered runner. */
export interface Runner {
  id: number;
  scope: RunnerScope;
  /** The runner's authentication token. */
  token: string;
}

/**
 * The registration token of each scope, and the runners' numbering. No endpoint of the reference reads a
 * runner back, so runners are not kept: registering one costs no memory, however many a client registers.
 */
export interface RunnerRegistry {
  /** Replaces the scope's registration token; the old one stops working. Returns the new token. */
  resetRegistrationToken(scope: RunnerScope): string;
  /** The scope a registration token registers runners in, or undefined when no scope has it. */
  scopeOf(registrationToken: string): RunnerScope | undefined;
  /** Registers a runner in a scope and gives it an authentication token. */
  register(scope: RunnerScope): Runner;
}

/** The initial registration token of the instance. */
export const DEMO_REGISTRATION_TOKEN = 'demo-registration-token';

/** Creates the registry with the instance's demo registration token. */
export function createRunnerRegistry(): RunnerRegistry {
  const tokens = new Map<RunnerScope, string>([['instance', DEMO_REGISTRATION_TOKEN]]);
  let registered = 0;
  let resets = 0;
  return {
    resetRegistrationToken(scope) {
      resets += 1;
      const token = `${DEMO_REGISTRATION_TOKEN}-${resets}`;
      tokens.set(scope, token);
      return token;
    },
    scopeOf: (registrationToken) => [...tokens].find(([, token]) => token === registrationToken)?.[0],
    register(scope) {
      registered += 1;
      return { id: registered, scope, token: `demo-runner-authentication-token-${registered}` };
    },
  };
}
