/**
 * `npm run bench:startup`: how long the installed `sunset check` takes on two 10-file repositories, one
 * clean and one with findings, against a bare `node -e 0` start measured in the same run, on Node 24 (the
 * project's) and Node 22 (the oldest line the package supports, installed from npm like any package).
 * Goal: at most 2.5× on the repository with findings, on both. Packs the package (which builds it),
 * installs the tarball into an empty project in the OS temp directory, then alternates the commands (after
 * warm-up runs, which also fill Node's compile cache and the code cache of the package's check script, as
 * on a machine that has run `sunset check` before) and compares medians. On Node 24 it also prints the
 * one-file sunset.mjs and the clone's own bin/sunset.js (TypeScript sources) for comparison. `--runs N`
 * changes the number of timed runs of each.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { installPackage } from './installed-package.ts';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '20' } } });
const runs = Number(values.runs);
const ROOT = path.resolve(import.meta.dirname, '../..');
const work = mkdtempSync(path.join(os.tmpdir(), 'sunset-startup-'));
const GOAL = 2.5;

/** A 10-file repository of the kinds a check reads: CI configuration, a script, code; with or without uses. */
function repository(name: string, findings: boolean): string {
  const repo = path.join(work, name);
  mkdirSync(path.join(repo, 'scripts'), { recursive: true });
  writeFileSync(
    path.join(repo, '.gitlab-ci.yml'),
    findings ? 'test:\n  script:\n    - npm test\n    - echo $CI_JOB_JWT\n' : 'test:\n  script:\n    - npm test\n',
  );
  writeFileSync(
    path.join(repo, 'scripts', 'register.sh'),
    findings ? 'gitlab-runner register --registration-token "$TOKEN"\n' : 'gitlab-runner register --token "$TOKEN"\n',
  );
  for (let index = 0; index < 8; index += 1) {
    writeFileSync(path.join(repo, `module-${index}.js`), `export const value${index} = ${index};\n`);
  }
  return repo;
}

/** Node 22 from npm, as the package tests install it. */
function node22(): string {
  const folder = path.join(work, 'node22');
  mkdirSync(folder);
  writeFileSync(path.join(folder, 'package.json'), '{"name":"node22","private":true}\n');
  execFileSync('npm', ['install', 'node@22', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'], {
    cwd: folder,
    stdio: 'ignore',
  });
  return path.join(folder, 'node_modules', 'node', 'bin', 'node');
}

const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] ?? Number.NaN;

/** Times each command `runs` times, alternating them, after three warm-up runs each; medians in ms. */
function measure(node: string, commands: Record<string, string[]>): Record<string, number> {
  const time = (args: string[]) => {
    const start = performance.now();
    const result = spawnSync(node, args, { cwd: work, stdio: 'ignore' });
    if (result.status !== 0 && result.status !== 1) throw new Error(`${args.join(' ')} exited with ${result.status}`);
    return performance.now() - start;
  };
  for (const args of Object.values(commands)) for (let warm = 0; warm < 3; warm += 1) time(args);
  const samples: Record<string, number[]> = Object.fromEntries(Object.keys(commands).map((name) => [name, []]));
  for (let run = 0; run < runs; run += 1) for (const [name, args] of Object.entries(commands)) samples[name]?.push(time(args));
  return Object.fromEntries(Object.entries(samples).map(([name, list]) => [name, median(list)]));
}

let failed = false;
try {
  console.log('packing and installing the package, and Node 22…');
  const installed = installPackage(work);
  copyFileSync(path.join(ROOT, 'sunset.mjs'), path.join(work, 'sunset.mjs'));
  const clean = repository('clean', false);
  const uses = repository('with-findings', true);
  const nodes: [string, string][] = [
    ['Node 24', process.execPath],
    ['Node 22', node22()],
  ];
  for (const [label, node] of nodes) {
    const version = execFileSync(node, ['--version'], { encoding: 'utf8' }).trim();
    const commands: Record<string, string[]> = {
      'node -e 0': ['-e', '0'],
      'installed, clean repository': [installed, 'check', clean, '--to', '18.0'],
      'installed, with findings': [installed, 'check', uses, '--to', '18.0'],
    };
    if (node === process.execPath) {
      commands['sunset.mjs, with findings'] = [path.join(work, 'sunset.mjs'), 'check', uses, '--to', '18.0'];
      commands["clone's bin/sunset.js, with findings"] = [path.join(ROOT, 'bin', 'sunset.js'), 'check', uses, '--to', '18.0'];
    }
    const medians = measure(node, commands);
    const bare = medians['node -e 0'] as number;
    console.log(`\n${label} (${version}), ${runs} runs each, medians (the machine may be shared: compare ratios, not times)`);
    for (const [name, value] of Object.entries(medians))
      console.log(`  ${name.padEnd(38)} ${value.toFixed(0).padStart(5)} ms  ${(value / bare).toFixed(2)}×`);
    const ratio = (medians['installed, with findings'] as number) / bare;
    console.log(`  installed sunset check with findings / node -e 0: ${ratio.toFixed(2)}× (goal ≤ ${GOAL}×)`);
    if (ratio > GOAL) failed = true;
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
if (failed) console.log('\nover the goal on at least one Node');
