import { parseRelease } from '../register/releases.ts';

/** A pair of consecutive major releases, with the slug of its static upgrade page. */
export interface MajorPair {
  from: string;
  to: string;
  slug: string;
}

/** Every pair of consecutive majors among the given releases (`16.0-to-17.0`, …), oldest first. */
export function consecutiveMajorPairs(releases: readonly string[]): MajorPair[] {
  const majors = [
    ...new Set(releases.map((release) => parseRelease(release)?.major).filter((major) => major !== undefined)),
  ].sort((a, b) => a - b);
  const pairs: MajorPair[] = [];
  for (let index = 1; index < majors.length; index++) {
    const from = `${majors[index - 1]}.0`;
    const to = `${majors[index]}.0`;
    if (majors[index] === (majors[index - 1] as number) + 1) pairs.push({ from, to, slug: `${from}-to-${to}` });
  }
  return pairs;
}
