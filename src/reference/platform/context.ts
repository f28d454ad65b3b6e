import type { Clock } from './clock.ts';
import type { ReferenceLimits } from './reference-limits.ts';
import type { Fixtures } from './world.ts';

/** What every reference module shares: the fixed world, the clock and the register's limits. */
export interface PlatformContext {
  fixtures: Fixtures;
  clock: Clock;
  /** The register's limits; `LIMITS_WITHOUT_REGISTER` when none is given. */
  limits?: ReferenceLimits;
}
