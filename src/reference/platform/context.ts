import type { Clock } from './clock.ts';
import type { Fixtures } from './world.ts';

/** What every reference module shares: the fixed world and the clock. */
export interface PlatformContext {
  fixtures: Fixtures;
  clock: Clock;
}
