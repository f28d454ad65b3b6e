import { compareReleases } from '../register/releases.ts';
import type { FeatureFlag } from '../schemas/feature-flag.ts';

/** What happened in one release across all flags. */
export interface TimelineRelease {
  release: string;
  events: { flag: string; event: string }[];
}

/** Flag history as a timeline: releases oldest first, events in the order of the flags file. */
export function flagTimeline(flags: readonly FeatureFlag[]): TimelineRelease[] {
  const byRelease = new Map<string, TimelineRelease>();
  for (const flag of flags) {
    for (const step of flag.history) {
      const release = byRelease.get(step.release) ?? { release: step.release, events: [] };
      release.events.push({ flag: flag.name, event: step.event });
      byRelease.set(step.release, release);
    }
  }
  return [...byRelease.values()].sort((a, b) => compareReleases(a.release, b.release));
}
