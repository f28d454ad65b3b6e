/**
 * Deprecation data shaped like the platform's (one YAML file per deprecation, each a list of items) for
 * the import benchmark: `count` items, most one to a file and some files of two or three, with the old and
 * the new field sets, Markdown bodies with tables, links and HTML comments, and YAML comments. The features
 * are invented and every identifier is unique, so no item describes a built-in entry. Deterministic.
 */

/** One data file: its name and its text. */
export interface SyntheticFile {
  name: string;
  text: string;
}

const STAGES = ['Verify', 'Create', 'Plan', 'Govern', 'Secure', 'Package', 'Deploy', 'Monitor', 'Systems', 'data stores'];
const THINGS = 'exporter scheduler webhook importer badge archiver mirror proxy widget indexer collector notifier'.split(' ');
const ROLES = ['Admin', 'Owner', 'Maintainer', 'Developer'];
const IMPACTS = ['critical', 'high', 'medium', 'low'];

function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

function item(index: number, next: () => number): string {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  const major = 15 + Math.floor(next() * 5);
  const minor = Math.floor(next() * 12);
  const removal = `${major}.${minor}`;
  const announced = `${major - 1}.${Math.floor(next() * 12)}`;
  const thing = pick(THINGS);
  const variable = `SYNTH_${thing.toUpperCase()}_${index}`;
  const newer = next() < 0.6;
  const body = [
    `    The ${thing} number ${index} stops reading \`${variable}\` in ${removal}. Jobs and scripts that set it`,
    `    must move to \`${variable}_NEXT\`, described in [the ${thing} docs](https://docs.platform.example.com/${thing}/${index}).`,
    '',
    '    <!-- Authors: keep the table below in step with the settings page. -->',
    '',
    '    | Before | After |',
    '    | ------ | ----- |',
    `    | \`${variable}\` | \`${variable}_NEXT\` |`,
    `    | \`synth_${thing}_${index}_enabled\` | removed |`,
  ].join('\n');
  const lines = [
    `- ${newer ? 'title' : 'name'}: "The ${thing} setting ${index} is replaced"  # what changes`,
    `  announcement_milestone: "${announced}"`,
    `  removal_milestone: "${removal}"`,
    ...(newer || next() < 0.5 ? [`  breaking_change: ${next() < 0.4}`] : []),
    `  reporter: pm-${thing}`,
    `  stage: ${pick(STAGES)}`,
    `  issue_url: https://platform.example.com/org/platform/-/issues/${50000 + index}`,
    ...(newer
      ? [
          `  window: ${1 + Math.floor(next() * 3)}`,
          `  impact: ${pick(IMPACTS)}`,
          '  scope: [instance, project]',
          `  resolution_role: ${pick(ROLES)}`,
          `  manual_task: ${next() < 0.5}`,
        ]
      : []),
    '  body: |  # Markdown below',
    body,
    '  tiers: [Free, Premium, Ultimate]',
    `  documentation_url: https://docs.platform.example.com/${thing}`,
    '  image_url:',
  ];
  return lines.join('\n');
}

/** `count` items in files of one to three. */
export function syntheticPlatformFiles(count: number): SyntheticFile[] {
  const next = random(11);
  const files: SyntheticFile[] = [];
  for (let index = 0; index < count; ) {
    const size = Math.min(count - index, next() < 0.75 ? 1 : next() < 0.6 ? 2 : 3);
    const items = Array.from({ length: size }, (_, offset) => item(index + offset, next));
    files.push({
      name: `${String(index).padStart(5, '0')}-synthetic-change.yml`,
      text: `# Synthetic deprecation data\n${items.join('\n')}\n`,
    });
    index += size;
  }
  return files;
}
