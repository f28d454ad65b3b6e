/**
 * `npm run bench:import`: `sunset import` on 1,000 synthetic items shaped like the platform's data (goal:
 * at most 2 s), against two peers measured in the same run: a Node process that only reads and parses the
 * same YAML files, and the time to write the files the import writes (a shared disk's share of the total); then the site built from the built-in register alone and with the 1,000 imported entries
 * (`SUNSET_REGISTER`), per 1,000 pages against the build bench's goal (15 s), and the page-weight budgets
 * (`npm run budget`) on the larger site. Everything is written to the OS temp directory. `--items N`
 * changes the size, `--runs N` the import runs, `--no-build` skips the builds.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { syntheticPlatformFiles } from './synthetic-platform-data.ts';

const { values } = parseArgs({
  options: {
    items: { type: 'string', default: '1000' },
    runs: { type: 'string', default: '5' },
    'no-build': { type: 'boolean', default: false },
  },
});
const ROOT = path.resolve(import.meta.dirname, '../..');
const work = mkdtempSync(path.join(os.tmpdir(), 'sunset-bench-import-'));
const items = Number(values.items);
const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] ?? Number.NaN;

/** Wall time of a child process, in milliseconds; throws when it fails. */
function timed(args: string[], env: NodeJS.ProcessEnv = process.env): number {
  const start = performance.now();
  const result = spawnSync(process.execPath, args, { cwd: work, env, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${args.join(' ')} exited with ${result.status}: ${result.stderr}`);
  return performance.now() - start;
}

async function build(label: string, outDir: string, env: NodeJS.ProcessEnv): Promise<{ pages: number; seconds: number }> {
  const started = performance.now();
  const child = spawn(process.execPath, [path.join(ROOT, 'node_modules/astro/bin/astro.mjs'), 'build', '--silent'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, ...env, SUNSET_OUT_DIR: outDir },
  });
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  if (code !== 0) throw new Error(`the ${label} build failed with exit code ${code}`);
  const pages = readdirSync(outDir, { recursive: true, encoding: 'utf8' }).filter(
    (name) => name.endsWith('.html') && !name.startsWith('pagefind'),
  ).length;
  return { pages, seconds: (performance.now() - started) / 1000 };
}

try {
  const data = path.join(work, 'deprecations');
  mkdirSync(data);
  const files = syntheticPlatformFiles(items);
  for (const file of files) writeFileSync(path.join(data, file.name), file.text);
  const imported = path.join(work, 'imported');
  const sunset = path.join(ROOT, 'bin', 'sunset.js');
  const parser = path.join(work, 'parse-only.mjs');
  // The peer: the least any import does, reading every file and parsing its YAML with positions.
  writeFileSync(
    parser,
    `import { readdirSync, readFileSync } from 'node:fs';
import { parseDocument } from ${JSON.stringify(import.meta.resolve('yaml'))};
let count = 0;
for (const name of readdirSync(${JSON.stringify(data)})) count += parseDocument(readFileSync(${JSON.stringify(data)} + '/' + name, 'utf8')).contents.items.length;
if (count !== ${items}) throw new Error('parsed ' + count + ' items');
`,
  );
  // The second peer: writing the files an import writes, into the same folders, and nothing else.
  const writer = path.join(work, 'write-only.mjs');
  writeFileSync(
    writer,
    `import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
const from = ${JSON.stringify(imported)}, to = ${JSON.stringify(path.join(work, 'written'))};
const files = readdirSync(from, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.yaml'));
const texts = files.map((name) => readFileSync(path.join(from, name), 'utf8'));
rmSync(to, { recursive: true, force: true });
const start = performance.now();
files.forEach((name, index) => { mkdirSync(path.dirname(path.join(to, name)), { recursive: true }); writeFileSync(path.join(to, name), texts[index]); });
process.stdout.write(String(performance.now() - start));
`,
  );
  const runs = Number(values.runs);
  const importArgs = [sunset, 'import', data, '--out', imported];
  timed(importArgs);
  timed([parser]);
  const importTimes: number[] = [];
  const parseTimes: number[] = [];
  const writeTimes: number[] = [];
  for (let run = 0; run < runs; run++) {
    rmSync(imported, { recursive: true, force: true });
    importTimes.push(timed(importArgs));
    parseTimes.push(timed([parser]));
    writeTimes.push(Number(spawnSync(process.execPath, [writer], { encoding: 'utf8' }).stdout));
  }
  const importMs = median(importTimes);
  const parseMs = median(parseTimes);
  const writeMs = median(writeTimes);
  console.log(
    `bench:import on ${os.cpus().length} cores, load ${os.loadavg()[0]?.toFixed(2)}; ${items} items in ${files.length} files, ${runs} runs, medians`,
  );
  console.log(`  sunset import (the clone's bin, start-up included)  ${importMs.toFixed(0).padStart(6)} ms  (goal ≤ 2000 ms)`);
  console.log(`  peer: read and parse the same YAML only            ${parseMs.toFixed(0).padStart(6)} ms`);
  console.log(
    `  peer: write the files it writes, nothing else      ${writeMs.toFixed(0).padStart(6)} ms  (the disk's share, in-process)`,
  );
  console.log(
    `  import / parse only: ${(importMs / parseMs).toFixed(2)}×; import / (parse + write): ${(importMs / (parseMs + writeMs)).toFixed(2)}×`,
  );

  if (!values['no-build']) {
    const real = await build('built-in', path.join(work, 'dist-built-in'), {});
    const large = await build('imported', path.join(work, 'dist-imported'), { SUNSET_REGISTER: imported });
    const perThousand = (result: { pages: number; seconds: number }) => (result.seconds * 1000) / result.pages;
    console.log(
      `  site, built-in register            ${String(real.pages).padStart(5)} pages  ${real.seconds.toFixed(1).padStart(5)} s  (${perThousand(real).toFixed(2)} s per 1,000 pages)`,
    );
    console.log(
      `  site, built-in + ${items} imported  ${String(large.pages).padStart(5)} pages  ${large.seconds.toFixed(1).padStart(5)} s  (${perThousand(large).toFixed(2)} s per 1,000 pages; goal under 15 s)`,
    );
    console.log(
      `  marginal: ${(((large.seconds - real.seconds) * 1000) / (large.pages - real.pages)).toFixed(2)} s per 1,000 extra pages; with / without imports: ${(large.seconds / real.seconds).toFixed(2)}×`,
    );
    const budget = spawnSync(process.execPath, [path.join(ROOT, 'scripts', 'budget.ts'), path.join(work, 'dist-imported')], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    const lastLine = `${budget.stdout}${budget.stderr}`.trim().split('\n').at(-1);
    console.log(`  page budgets on the larger site: ${budget.status === 0 ? 'kept' : 'EXCEEDED'}: ${lastLine}`);
    if (budget.status !== 0) process.exitCode = 1;
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
