import { compareReleases } from '../register/releases.ts';

/** The target most reports check, the newest one on a tie: the default when `--to` is not given. */
export function commonTarget(targets: readonly string[]): string | undefined {
  const counts = new Map<string, number>();
  for (const target of targets) counts.set(target, (counts.get(target) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || compareReleases(b[0], a[0]))[0]?.[0];
}
