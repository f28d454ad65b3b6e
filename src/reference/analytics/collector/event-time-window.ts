/**
 * The window of event times the collector accepts (reference design): from 2000-01-01T00:00:00Z to one day
 * after the event arrived. Outside it an event is refused with a 400, not clamped: a tracker whose clock is
 * decades off sends nothing worth counting, and a stored time far from the others would make every time
 * query walk the whole span between them.
 */

/** The earliest accepted event time: 2000-01-01T00:00:00Z. */
export const EARLIEST_EVENT_TIME = Date.UTC(2000, 0, 1);

/** How far past its arrival an event may be dated (a device clock slightly ahead): one day. */
export const LATEST_AHEAD_MS = 24 * 60 * 60 * 1000;

/** Whether `ms` lies in the window for an event received at `receivedAt`. */
export function inEventTimeWindow(ms: number, receivedAt: number): boolean {
  return ms >= EARLIEST_EVENT_TIME && ms <= receivedAt + LATEST_AHEAD_MS;
}
