/**
 * `npm run bench:build`: builds the real site, then the site over a synthetic register of 5,000 more entries
 * (generated into the OS temp directory, never committed), and prints build and Pagefind index time per
 * 1,000 pages, wall and CPU (user + system of the build's process tree: the machine is shared, and other
 * work slows the wall clock more than the CPU time), the machine's load, the peak memory of the build's
 * process tree, and where the time goes: start-up and bundling, Astro rendering the pages, the pages' own
 * parts inside it (content loading, Markdown, code highlighting, upgrade plans, wayfinding, git history) and
 * the search index (what the build waits for once the pages are rendered: the index takes each page in, in
 * the order the renders began, on another core while Astro renders the next ones, four at a time), and how
 * fast the machine was around the builds. The synthetic content is flushed to the disk before the large build,
 * so writing it back does not fall inside the build's time, and before each build the bench times making files
 * where the build writes, waiting (two minutes at most) while files deleted just before slow that
 * down (see settled-file-system.ts), and prints what it found. `--entries N` changes the synthetic size; `--keep`
 * leaves the temporary directory in place.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { dump } from 'js-yaml';
import { CONTENT_DIR, loadRegister } from '../../src/register/index.ts';
import { settledFileSystem, settlingText } from './settled-file-system.ts';
import { syntheticEntries } from './synthetic-register.ts';

const { values } = parseArgs({
  options: { entries: { type: 'string', default: '5000' }, keep: { type: 'boolean', default: false } },
});
const ROOT = path.resolve(import.meta.dirname, '../..');
const work = mkdtempSync(path.join(os.tmpdir(), 'sunset-bench-build-'));

/** Resident memory of a process and all its descendants, in bytes (Linux `/proc`; 0 elsewhere). */
function treeRss(rootPid: number): number {
  let processes: { pid: number; ppid: number; rss: number }[];
  try {
    processes = readdirSync('/proc')
      .filter((name) => /^\d+$/.test(name))
      .flatMap((pid) => {
        try {
          const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
          const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
          return [{ pid: Number(pid), ppid: Number(fields[1]), rss: Number(fields[21]) * 4096 }];
        } catch {
          return [];
        }
      });
  } catch {
    return 0;
  }
  const tree = new Set([rootPid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const process of processes) {
      if (!tree.has(process.pid) && tree.has(process.ppid)) {
        tree.add(process.pid);
        grew = true;
      }
    }
  }
  return processes.filter((process) => tree.has(process.pid)).reduce((sum, process) => sum + process.rss, 0);
}

/** Clock ticks per second of `/proc`'s CPU times. */
const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/**
 * CPU seconds (user + system) of this process's children that have ended and been waited for, and of
 * theirs in turn (Linux `/proc`; undefined elsewhere). The build's child processes count once their parent
 * waits for them (the search index waits for Pagefind's).
 */
function childrenCpuSeconds(): number | undefined {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[13]) + Number(fields[14])) / CLOCK_TICKS;
  } catch {
    return undefined;
  }
}

/** The 1-minute load average, as `uptime` prints it. */
const load = () => (os.loadavg()[0] ?? 0).toFixed(2);

/**
 * Milliseconds a fixed piece of arithmetic takes on this thread: the machine's speed at the moment. A shared
 * machine's speed moves (on the one these figures were first taken on, idle, a loop like this took up to
 * 40 % longer at some minutes than at others), and the goal is in seconds, so the bench says how fast the
 * machine was around the builds.
 */
let loopResult = 0;
function machineLoopMs(): number {
  const started = performance.now();
  let sum = 0;
  for (let i = 0; i < 200_000_000; i++) sum = (sum + (i & 7)) | 0;
  // Kept, so the loop's work is not optimised away.
  loopResult = sum;
  return performance.now() - started;
}

interface BuildResult {
  label: string;
  pages: number;
  seconds: number;
  /** CPU seconds of the build's process tree, when the platform tells. */
  cpuSeconds: number | undefined;
  /** The load average when the build started and ended. */
  load: [string, string];
  indexSeconds: number;
  peakBytes: number;
  /** Seconds per part, as the build-timings integration wrote them. */
  parts: Record<string, number>;
}

/** The pages' own parts, which the page code times itself (see build-timings.ts), with their labels. */
const OWN_PARTS = [
  ['content', 'content loading'],
  ['markdown', 'Markdown'],
  ['highlighting', 'code highlighting'],
  ['plans', 'upgrade plans'],
  ['wayfinding', 'wayfinding'],
  ['history', 'git history'],
] as const;

/** The parts a build's time is told in, in order; `render` is generation less the pages' own parts. */
const PARTS = [
  ['setup', 'bundling (Vite)'],
  ['render', "Astro's render"],
  ...OWN_PARTS,
  ['index', 'search index (after the render)'],
  ['rest', 'the rest (start-up, content sync, hooks)'],
] as const;

/** A build's time by part, in seconds; the parts add up to the whole. */
function partsOf(
  result: Pick<BuildResult, 'seconds' | 'indexSeconds'>,
  recorded: Record<string, number>,
): Record<string, number> {
  const own = Object.fromEntries(OWN_PARTS.map(([part]) => [part, recorded[part] ?? 0]));
  const ownTotal = Object.values(own).reduce((sum, seconds) => sum + seconds, 0);
  const parts: Record<string, number> = {
    setup: recorded.bundle ?? 0,
    render: Math.max(0, (recorded.generate ?? 0) - ownTotal),
    ...own,
    index: result.indexSeconds,
  };
  parts.rest = Math.max(0, result.seconds - Object.values(parts).reduce((sum, seconds) => sum + seconds, 0));
  return parts;
}

async function build(label: string, contentDir: string): Promise<BuildResult> {
  const outDir = path.join(work, `dist-${label}`);
  const timings = path.join(work, `timings-${label}.json`);
  const phases = path.join(work, `phases-${label}.json`);
  const loadBefore = load();
  const cpuBefore = childrenCpuSeconds();
  const started = performance.now();
  const child = spawn(process.execPath, [path.join(ROOT, 'node_modules/astro/bin/astro.mjs'), 'build', '--silent'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      SUNSET_CONTENT_DIR: contentDir,
      SUNSET_OUT_DIR: outDir,
      SUNSET_TIMINGS_FILE: timings,
      SUNSET_PHASES_FILE: phases,
    },
  });
  let peakBytes = 0;
  const sampler = setInterval(() => {
    if (child.pid) peakBytes = Math.max(peakBytes, treeRss(child.pid));
  }, 100);
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  clearInterval(sampler);
  if (code !== 0) throw new Error(`the ${label} build failed with exit code ${code}`);
  const seconds = (performance.now() - started) / 1000;
  const cpuAfter = childrenCpuSeconds();
  const cpuSeconds = cpuBefore === undefined || cpuAfter === undefined ? undefined : cpuAfter - cpuBefore;
  const { indexSeconds } = JSON.parse(readFileSync(timings, 'utf8')) as { indexSeconds: number };
  const pages = readdirSync(outDir, { recursive: true }).filter(
    (name) => String(name).endsWith('.html') && !String(name).startsWith('pagefind'),
  ).length;
  const recorded = JSON.parse(readFileSync(phases, 'utf8')) as Record<string, number>;
  const result = { label, pages, seconds, cpuSeconds, load: [loadBefore, load()] as [string, string], indexSeconds, peakBytes };
  return { ...result, parts: partsOf(result, recorded) };
}

/** A copy of content/ with `count` synthetic entries added. */
async function syntheticContent(count: number): Promise<string> {
  const dir = path.join(work, 'content');
  cpSync(CONTENT_DIR, dir, { recursive: true });
  const register = await loadRegister(CONTENT_DIR);
  const releases = register.releases.map((release) => release.release);
  for (const entry of syntheticEntries(count, releases, register.areas)) {
    const folder = path.join(dir, 'register', entry.removed_in);
    mkdirSync(folder, { recursive: true });
    writeFileSync(path.join(folder, `${entry.id}.yaml`), dump(entry, { lineWidth: 120 }));
  }
  return dir;
}

const cpuText = (seconds: number | undefined) => (seconds === undefined ? 'n/a' : `${seconds.toFixed(2)} s`);

function print(result: BuildResult) {
  const perThousand = (seconds: number) => ((seconds * 1000) / result.pages).toFixed(2);
  const cpu = result.cpuSeconds === undefined ? undefined : (result.cpuSeconds * 1000) / result.pages;
  console.log(
    `${result.label.padEnd(22)} ${String(result.pages).padStart(6)} pages  build ${result.seconds.toFixed(1).padStart(6)} s` +
      `  (${perThousand(result.seconds)} s per 1,000 pages, of which waiting for the index after the render ${perThousand(result.indexSeconds)} s;` +
      ` CPU ${cpuText(cpu)} per 1,000)  peak ${(result.peakBytes / 1024 / 1024).toFixed(0)} MB  load ${result.load.join(' → ')}`,
  );
}

try {
  const count = Number(values.entries);
  console.log(
    `bench:build on ${os.cpus().length} cores, load ${load()}; goal: at most 3 s per 1,000 pages, ` +
      'at the large build and per extra page',
  );
  const loopBefore = machineLoopMs();
  console.log(settlingText(await settledFileSystem(work)));
  const real = await build('real', CONTENT_DIR);
  print(real);
  const content = await syntheticContent(count);
  // The content just written goes to the disk now, not while the large build is timed.
  spawnSync('sync', { stdio: 'ignore' });
  console.log(settlingText(await settledFileSystem(work)));
  const large = await build(`real + ${count} synthetic`, content);
  print(large);
  // The fixed start-up cost dominates the small build; the difference shows what each extra page costs.
  const extraPages = large.pages - real.pages;
  const marginalCpu =
    large.cpuSeconds === undefined || real.cpuSeconds === undefined
      ? undefined
      : ((large.cpuSeconds - real.cpuSeconds) * 1000) / extraPages;
  console.log(
    `marginal: ${(((large.seconds - real.seconds) * 1000) / extraPages).toFixed(2)} s per 1,000 extra pages, of which waiting for the index ` +
      `${(((large.indexSeconds - real.indexSeconds) * 1000) / extraPages).toFixed(2)} s; CPU ${cpuText(marginalCpu)} per 1,000 extra pages`,
  );
  // Where the time goes: each part of the large build per 1,000 pages, and what each extra page adds to it.
  console.log(`where the time goes, s per 1,000 pages (large build · marginal per 1,000 extra pages):`);
  for (const [part, name] of PARTS) {
    const whole = ((large.parts[part] ?? 0) * 1000) / large.pages;
    const marginal = (((large.parts[part] ?? 0) - (real.parts[part] ?? 0)) * 1000) / extraPages;
    console.log(`  ${name.padEnd(40)} ${whole.toFixed(2).padStart(6)}  · ${marginal.toFixed(2).padStart(6)}`);
  }
  console.log(
    `machine speed: a fixed loop took ${loopBefore.toFixed(0)} ms before the builds and ${machineLoopMs().toFixed(0)} ms after ` +
      `(lower is faster; a slower machine makes every figure above larger; loop result ${loopResult})`,
  );
} finally {
  if (values.keep) console.log(`kept ${work}`);
  else rmSync(work, { recursive: true, force: true });
}
