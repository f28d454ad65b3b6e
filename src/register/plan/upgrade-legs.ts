/**
 * An upgrade through the platform's required stops: from A to B an instance runs every stop between them
 * in turn, so the upgrade is a series of legs (A → first stop, stop → next stop, …, last stop → B). A
 * change belongs to the leg that crosses the release it takes effect in: it must be dealt with before
 * that leg, that is before you upgrade (first leg) or at the stop the leg starts from.
 */
import type { UpgradeStop } from '../../schemas/upgrade-stop.ts';
import { compareReleases } from '../releases.ts';

/** One leg of an upgrade: from a release (where you are) to the next stop or the target. */
export interface LegBounds {
  from: string;
  to: string;
  /** The platform's note on the stop the leg starts from, when it is a stop with one. */
  note?: string;
}

/** The required stops strictly between two releases, oldest first. */
export function stopsBetween(stops: readonly UpgradeStop[], from: string, to: string): UpgradeStop[] {
  return stops
    .filter((stop) => compareReleases(stop.release, from) > 0 && compareReleases(stop.release, to) < 0)
    .sort((a, b) => compareReleases(a.release, b.release));
}

/** The legs of an upgrade from `from` to `to` through `between` (from {@link stopsBetween}). */
export function legsThrough(from: string, to: string, between: readonly UpgradeStop[]): LegBounds[] {
  const points = [{ release: from } as UpgradeStop, ...between, { release: to } as UpgradeStop];
  return points.slice(0, -1).map((start, index) => ({
    from: start.release,
    to: (points[index + 1] as UpgradeStop).release,
    ...(start.note ? { note: start.note } : {}),
  }));
}

/** Whether a release takes effect on a leg: after its start, up to and including its end. */
export function onLeg(release: string, leg: LegBounds): boolean {
  return compareReleases(release, leg.from) > 0 && compareReleases(release, leg.to) <= 0;
}

/** How pages and the CLI head a leg: the first is before you upgrade, the others at a stop. */
export function legTitle(leg: LegBounds, index: number): string {
  return index === 0 ? `Before you upgrade: ${leg.from} → ${leg.to}` : `At stop ${leg.from}, before moving on to ${leg.to}`;
}

/** The sentence naming the stops a range crosses, for plans through them and for the direct list. */
export function stopsSentence(from: string, to: string, stops: readonly UpgradeStop[], direct: boolean): string {
  const names = stops.map((stop) => stop.release).join(', ');
  return direct
    ? `This range crosses the required upgrade stops ${names}: an instance cannot go from ${from} to ${to} in one step. This is the direct list of the whole range; without the direct option the plan goes through the stops.`
    : `An upgrade from ${from} to ${to} goes through the required upgrade stops ${names}, in this order; each change is listed at the stop before it takes effect.`;
}
