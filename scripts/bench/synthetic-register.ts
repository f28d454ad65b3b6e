import type { Area } from '../../src/schemas/area.ts';
import type { RegisterEntryInput } from '../../src/schemas/register-entry.ts';

const KINDS = ['deprecation', 'removal', 'behavior-change', 'rename'] as const;
const OFFERING_SETS = [
  ['hosted', 'self-managed', 'dedicated'],
  ['self-managed'],
  ['hosted'],
  ['self-managed', 'dedicated'],
] as const;
const NOUNS =
  'pipeline runner token variable field argument endpoint setting template metric scanner policy package registry'.split(' ');
const VERBS = 'removed renamed replaced restricted blocked changed'.split(' ');

/** A small deterministic generator, so every benchmark builds the same register. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/**
 * `count` register entries spread over the given releases and areas, shaped like real ones (summary and
 * migration in Markdown, names, related entries, a detection rule on every third), ids `synthetic-<n>`.
 */
export function syntheticEntries(count: number, releases: readonly string[], areas: readonly Area[]): RegisterEntryInput[] {
  const next = random(7);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  const entries: RegisterEntryInput[] = [];
  for (let index = 0; index < count; index++) {
    const kind = pick(KINDS);
    const noun = pick(NOUNS);
    const name = `SYNTHETIC_${noun.toUpperCase()}_${index}`;
    const entry: RegisterEntryInput = {
      id: `synthetic-${index}`,
      title: `The ${noun} ${name} is ${kind === 'rename' ? 'renamed' : pick(VERBS)}`,
      area: pick(areas).id,
      kind,
      removed_in: pick(releases),
      breaking: next() < 0.4,
      offerings: [...pick(OFFERING_SETS)],
      summary: `Jobs and API clients that use \`${name}\` are affected. The ${noun} stops working the way it did, and a run that\nrelied on it fails or behaves differently from this release on.`,
      migration: `Replace \`${name}\` with \`${name}_NEXT\` in CI configuration and scripts, then run the pipeline once\nto confirm nothing else depends on the old ${noun}.`,
      names: { variables: [name], ...(index % 2 === 0 ? { fields: [`${noun}${index}`] } : {}) },
      related: index > 0 && index % 5 === 0 ? [`synthetic-${index - 1}`] : [],
    };
    if (entry.breaking) entry.breaking_reason = `Jobs and scripts that use \`${name}\` stop working.`;
    if (kind === 'rename') {
      entry.from = [name];
      entry.to = [`${name}_NEXT`];
    }
    if (index % 3 === 0) {
      entry.detect = [
        {
          kind: 'ci-variable',
          name,
          example: { file: '.gitlab-ci.yml', text: `job:\n  script:\n    - echo $${name}\n` },
          near_miss: { file: '.gitlab-ci.yml', text: `job:\n  script:\n    - echo $${name}_OTHER\n` },
        },
      ];
    }
    entries.push(entry);
  }
  return entries;
}
