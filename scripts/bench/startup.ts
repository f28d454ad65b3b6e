/**
 * `npm run bench:startup`: how long the installed `sunset check` takes on a 10-file repository, against a
 * bare `node -e 0` start measured in the same run (goal: at most 2.5×). Packs the package (which builds
 * it), installs the tarball into an empty project in the OS temp directory, then alternates the commands
 * (after warm-up runs, which also fill Node's compile cache and the code cache of the package's check
 * script, as on a machine that has run `sunset check` before) and compares medians. Also prints the
 * clone's own bin/sunset.js (TypeScript sources) and the one-file sunset.mjs for comparison. `--runs N`
 * changes the number of timed runs of each.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { installPackage } from './installed-package.ts';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '20' } } });
const runs = Number(values.runs);
const ROOT = path.resolve(import.meta.dirname, '../..');
const work = mkdtempSync(path.join(os.tmpdir(), 'sunset-startup-'));

try {
  console.log('packing and installing the package…');
  const installed = installPackage(work);
  copyFileSync(path.join(ROOT, 'sunset.mjs'), path.join(work, 'sunset.mjs'));

  // A small repository: ten files of the kinds a check reads, one with a finding.
  const repo = path.join(work, 'repo');
  mkdirSync(path.join(repo, 'scripts'), { recursive: true });
  writeFileSync(path.join(repo, '.gitlab-ci.yml'), 'test:\n  script:\n    - npm test\n');
  writeFileSync(path.join(repo, 'scripts', 'register.sh'), 'gitlab-runner register --registration-token "$TOKEN"\n');
  for (let index = 0; index < 8; index += 1) {
    writeFileSync(path.join(repo, `module-${index}.js`), `export const value${index} = ${index};\n`);
  }

  const commands: Record<string, string[]> = {
    'node -e 0': ['-e', '0'],
    'installed sunset check': [installed, 'check', repo, '--to', '18.0'],
    'sunset.mjs check': [path.join(work, 'sunset.mjs'), 'check', repo, '--to', '18.0'],
    "clone's bin/sunset.js check": [path.join(ROOT, 'bin', 'sunset.js'), 'check', repo, '--to', '18.0'],
  };
  const time = (args: string[]) => {
    const start = performance.now();
    const result = spawnSync(process.execPath, args, { cwd: work, stdio: 'ignore' });
    if (result.status !== 0 && result.status !== 1) throw new Error(`${args.join(' ')} exited with ${result.status}`);
    return performance.now() - start;
  };
  for (const args of Object.values(commands)) for (let warm = 0; warm < 3; warm += 1) time(args);
  const samples: Record<string, number[]> = Object.fromEntries(Object.keys(commands).map((name) => [name, []]));
  for (let run = 0; run < runs; run += 1) for (const [name, args] of Object.entries(commands)) samples[name]?.push(time(args));

  const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] ?? Number.NaN;
  const bare = median(samples['node -e 0'] ?? []);
  console.log(`Node ${process.versions.node}, ${runs} runs each, medians (the machine may be shared: compare ratios, not times)`);
  for (const [name, list] of Object.entries(samples)) {
    const value = median(list);
    console.log(`  ${name.padEnd(30)} ${value.toFixed(0).padStart(5)} ms  ${(value / bare).toFixed(2)}×`);
  }
  const ratio = median(samples['installed sunset check'] ?? []) / bare;
  console.log(`installed sunset check / node -e 0: ${ratio.toFixed(2)}× (goal ≤ 2.5×)`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
