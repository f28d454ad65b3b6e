/**
 * `npm run mutation [-- <group>…]`: StrykerJS once per group of `modules.ts` (every group by default), each
 * with its own tests and incremental file, then the score per module and the survivors no explanation
 * covers. `--summary` only sums up the groups' last reports again (after an explanation is added, say).
 * Exit 0 when every run finished (whatever the score), 1 when a run failed, 2 for an unknown group.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { MUTATION_GROUPS, type MutationGroup } from './modules.ts';
import { readGroupReport, type Score, type Survivor, scoreReport } from './score.ts';

const root = path.resolve(import.meta.dirname, '../..');
const stryker = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@stryker-mutator/core/package.json')),
  'bin',
  'stryker.js',
);

function chosenGroups(args: readonly string[]): MutationGroup[] {
  if (args.length === 0) return MUTATION_GROUPS;
  const unknown = args.filter((id) => !MUTATION_GROUPS.some((group) => group.id === id));
  if (unknown.length > 0) {
    process.stderr.write(
      `mutation: no group ${unknown.join(', ')}; the groups are ${MUTATION_GROUPS.map((group) => group.id).join(', ')}\n`,
    );
    process.exit(2);
  }
  return MUTATION_GROUPS.filter((group) => args.includes(group.id));
}

const percent = (score: Score) => `${score.score.toFixed(2)} %`;
const row = (cells: readonly (string | number)[]) => `| ${cells.join(' | ')} |`;

/** The summary as Markdown: a table per module and group, then each survivor. */
function summary(groups: readonly MutationGroup[], seconds: Map<string, number>): string {
  const lines = [
    `# Mutation score (${new Date().toISOString()}, ${os.cpus().length} cores, load ${os
      .loadavg()
      .map((load) => load.toFixed(2))
      .join(' ')})`,
    '',
    row([
      'group / module',
      'score',
      'killed',
      'survived',
      'of them no coverage',
      'explained equivalent',
      'score without them',
      'static (not run)',
      'seconds',
    ]),
    row(['---', '---', '---', '---', '---', '---', '---', '---', '---']),
  ];
  const open: Survivor[] = [];
  const explained: Survivor[] = [];
  for (const group of groups) {
    const report = readGroupReport(group, root);
    if (!report) {
      lines.push(row([`**${group.name}**`, 'not run', '', '', '', '', '', '', '']));
      continue;
    }
    const { modules, survivors, total } = scoreReport(report);
    const cells = (score: Score) => [
      percent(score),
      score.killed,
      score.survived,
      score.noCoverage,
      score.equivalent,
      `${score.scoreWithoutEquivalents.toFixed(2)} %`,
      score.ignored,
    ];
    lines.push(row([`**${group.name}**`, ...cells(total), seconds.get(group.id) ?? '']));
    for (const [file, score] of modules) lines.push(row([file, ...cells(score), '']));
    open.push(...survivors.filter((survivor) => !survivor.equivalent));
    explained.push(...survivors.filter((survivor) => survivor.equivalent));
  }
  const describe = (survivor: Survivor) =>
    `- ${survivor.file}:${survivor.line} ${survivor.mutator}${survivor.status === 'NoCoverage' ? ' (no test reaches it)' : ''}: \`${survivor.original.replace(/\s+/g, ' ').slice(0, 120)}\` → \`${survivor.replacement.replace(/\s+/g, ' ').slice(0, 120)}\``;
  lines.push('', `## Survivors without a test or an explanation (${open.length})`, '', ...open.map(describe));
  lines.push(
    '',
    `## Explained as equivalent (${explained.length})`,
    '',
    ...explained.map((survivor) => `${describe(survivor)}\n  ${survivor.equivalent}`),
  );
  return `${lines.join('\n')}\n`;
}

const args = process.argv.slice(2);
const summaryOnly = args.includes('--summary');
const groups = chosenGroups(args.filter((arg) => arg !== '--summary'));
const timing = (group: MutationGroup) => path.join(root, '.cache', 'mutation', group.id, 'seconds.txt');
const seconds = new Map<string, number>(
  groups.filter((group) => existsSync(timing(group))).map((group) => [group.id, Number(readFileSync(timing(group), 'utf8'))]),
);
let failed = false;
for (const group of summaryOnly ? [] : groups) {
  process.stdout.write(
    `\n== mutation group ${group.id}: ${group.name} (${group.mutate.length} modules, ${group.tests.length} test files)\n`,
  );
  const started = performance.now();
  const result = spawnSync(process.execPath, [stryker, 'run'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, MUTATION_GROUP: group.id },
  });
  seconds.set(group.id, Math.round((performance.now() - started) / 1000));
  mkdirSync(path.dirname(timing(group)), { recursive: true });
  writeFileSync(timing(group), String(seconds.get(group.id)));
  if (result.status !== 0) {
    failed = true;
    process.stderr.write(`mutation: the run of group ${group.id} failed (exit ${result.status ?? result.signal})\n`);
  }
}
const text = summary(groups, seconds);
mkdirSync(path.join(root, '.cache', 'mutation'), { recursive: true });
writeFileSync(path.join(root, '.cache', 'mutation', 'summary.md'), text);
process.stdout.write(`\n${text}\nWritten to .cache/mutation/summary.md\n`);
process.exit(failed ? 1 : 0);
