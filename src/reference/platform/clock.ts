/** The time source every time-dependent rule reads, injected so tests can be exact. */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
}

/** The real clock. */
export const systemClock: Clock = { now: () => Date.now() };

/** A clock tests move by hand. */
export interface ManualClock extends Clock {
  /** Sets the time. */
  set(time: number | string | Date): void;
  /** Moves the time forward by milliseconds. */
  advance(ms: number): void;
}

/** Creates a clock that stands still until told to move. */
export function manualClock(start: number | string | Date): ManualClock {
  let current = new Date(start).getTime();
  return {
    now: () => current,
    set: (time) => {
      current = new Date(time).getTime();
    },
    advance: (ms) => {
      current += ms;
    },
  };
}
