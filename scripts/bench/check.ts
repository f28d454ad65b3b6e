/**
 * `npm run bench:check`: builds a throw-away repository of 20,000 files (~200 MB) in the OS temp directory,
 * with real uses (every rule's example and near miss) and anchor-like noise sprinkled in, then times
 * `sunset check` as users run it (the packed package installed into an empty project) against `rg`
 * (ripgrep) searching the same literal anchors over the same files, and prints the wall-time and CPU-time
 * ratios, throughput and peak memory. What the bench wrote is flushed to the disk first; each tool runs once
 * to warm the page cache, then the two alternate `--runs` times (5 by default) so both see the same machine
 * load; medians count. The clone's own
 * TypeScript bin is timed too, for comparison. `--keep` leaves the repository in place; `--files N` and
 * `--mb M` change its size.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { PROJECT_ROOT } from '../../src/check/register-source.ts';
import { compileRule } from '../../src/check/rules/compile-rule.ts';
import { anchorsOf } from '../../src/check/rules/matcher.ts';
import { activeRules } from '../../src/findings/active-rules.ts';
import { loadRegister } from '../../src/register/index.ts';
import { installPackage } from './installed-package.ts';

const { values } = parseArgs({
  options: {
    files: { type: 'string', default: '20000' },
    mb: { type: 'string', default: '200' },
    keep: { type: 'boolean', default: false },
    runs: { type: 'string', default: '5' },
  },
});
const fileCount = Number(values.files);
const totalBytes = Number(values.mb) * 1024 * 1024;

const register = await loadRegister();
const lowest = register.releases[0]?.release ?? '15.4';
const highest = register.releases.at(-1)?.release ?? '20.0';
const rules = activeRules(register, { from: lowest, to: highest });
const anchors = [...new Set(rules.flatMap((active) => anchorsOf(compileRule(active.rule, { configDir: '.gitlab' }))))];

/** A small deterministic generator, so every run scans the same repository. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}
const next = random(42);
const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;

const WORDS =
  'const let return function async await import export from value result config options request response handler error data items index count user project group pipeline job stage script image service cache artifact deploy build test release token variable path file line column'.split(
    ' ',
  );
const words = (count: number) => Array.from({ length: count }, () => pick(WORDS));
/** Line makers per kind of file, so YAML, JSON and GraphQL files are valid and parse like real ones. */
const LINES: Record<string, () => string> = {
  code: () => `  ${words(1)[0]} ${words(2).join('_')} = ${words(4).join('.')}(${Math.floor(next() * 1000)});`,
  md: () => `${words(12).join(' ')}.`,
  yml: () => `${words(2).join('_')}_${Math.floor(next() * 1e6)}: "${words(6).join(' ')}"`,
  json: () => `  "${words(2).join('_')}_${Math.floor(next() * 1e6)}": "${words(6).join(' ')}",`,
  graphql: () => `query ${words(2).join('_')}_${Math.floor(next() * 1e6)} { ${words(1)[0]} { ${words(3).join(' ')} } }`,
};
const pools = Object.fromEntries(
  Object.entries(LINES).map(([kind, line]) => [kind, Array.from({ length: 5000 }, line).join('\n')]),
);

/** A file of about `size` bytes of one kind, cut at line ends so it stays valid. */
function fileText(kind: string, size: number): string {
  const pool = pools[kind] as string;
  const start = pool.indexOf('\n', Math.floor(next() * (pool.length - size - 1))) + 1;
  const end = pool.lastIndexOf('\n', start + size);
  const body = pool.slice(start, end > start ? end : start + size);
  return kind === 'json' ? `{\n${body}\n  "end": true\n}\n` : `${body}\n`;
}

const EXTENSIONS: [string, string][] = [
  ['.ts', 'code'],
  ['.js', 'code'],
  ['.py', 'code'],
  ['.rb', 'code'],
  ['.go', 'code'],
  ['.sh', 'code'],
  ['.json', 'json'],
  ['.yml', 'yml'],
  ['.md', 'md'],
  ['.graphql', 'graphql'],
];
// Near misses that share an anchor's letters: the prefilter passes these files, the matchers reject them.
const noise = anchors.filter((anchor) => /^\w+$/.test(anchor)).map((anchor) => `${anchor}_LEGACY_NOTE`);

const root = mkdtempSync(path.join(os.tmpdir(), 'sunset-bench-'));
const started = performance.now();
execFileSync('git', ['init', '-q', root]);
writeFileSync(path.join(root, '.gitignore'), 'ignored/\n');
const average = totalBytes / fileCount;
let written = 0;
for (let i = 0; i < fileCount; i++) {
  const directory = path.join(root, `pkg${Math.floor(i / 100)}`, `mod${i % 7}`);
  if (i % 100 === 0 || i % 100 < 7) mkdirSync(directory, { recursive: true });
  const size = Math.floor(average * (0.5 + next()));
  const [extension, kind] = EXTENSIONS[i % EXTENSIONS.length] as [string, string];
  let text = fileText(kind, size);
  // A comment naming an anchor-like word in one file in twenty (JSON has no comments: a string there).
  if (i % 20 === 0 && noise.length > 0)
    text = kind === 'json' ? text.replace('{\n', `{\n  "note": "${pick(noise)}",\n`) : `# ${pick(noise)}\n${text}`;
  writeFileSync(path.join(directory, `file${i}${extension}`), text);
  written += text.length;
}
// Real uses and near misses: every rule's own samples, each in its own folder under its own file name.
const samples = [...register.entries, ...register.errors].flatMap((owner) => owner.detect);
samples.forEach((rule, index) => {
  for (const [label, sample] of [
    ['use', rule.example],
    ['miss', rule.near_miss],
  ] as const) {
    const file = path.join(root, 'samples', `${label}${index}`, sample.file);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, sample.text);
    written += sample.text.length;
  }
});
mkdirSync(path.join(root, 'ignored'), { recursive: true });
// A use inside a git-ignored folder, which neither tool may report. sunset-ignore ci-job-jwt-removed
writeFileSync(path.join(root, 'ignored', 'skip.sh'), 'echo $CI_JOB_JWT\n');
console.log(
  `generated ${fileCount + samples.length * 2} files, ${(written / 1024 / 1024).toFixed(0)} MB in ${root} (${((performance.now() - started) / 1000).toFixed(1)} s); ${anchors.length} anchors`,
);

const anchorFile = path.join(os.tmpdir(), `sunset-bench-anchors-${process.pid}.txt`);
writeFileSync(anchorFile, `${anchors.join('\n')}\n`);
const node = process.execPath;
const bin = path.join(PROJECT_ROOT, 'bin', 'sunset.js');
const report = path.join(os.tmpdir(), `sunset-bench-report-${process.pid}.json`);
spawnSync(node, [path.join(PROJECT_ROOT, 'scripts', 'bundle-register.ts')], { stdio: 'ignore' });

// CPU time (user + system) is reported beside wall time: on a busy machine it says more about the work done.
const timeTool = spawnSync('/usr/bin/time', ['-f', '%U', 'true'], { stdio: 'ignore' }).status === 0;

interface Timing {
  ms: number;
  cpuMs: number | undefined;
  /** Peak resident memory (maximum RSS) of the process, in kilobytes. */
  peakKb: number | undefined;
}

function time(command: string, args: string[]): Timing {
  const begin = performance.now();
  const wrapped = timeTool ? ['/usr/bin/time', ['-f', 'cpu %U %S %M', command, ...args]] : [command, args];
  const run = spawnSync(wrapped[0] as string, wrapped[1] as string[], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'pipe'],
    maxBuffer: 64 * 1024 * 1024,
  });
  const ms = performance.now() - begin;
  const cpu = /cpu (\d+\.\d+) (\d+\.\d+) (\d+)\s*$/.exec(String(run.stderr));
  return {
    ms,
    cpuMs: cpu ? (Number(cpu[1]) + Number(cpu[2])) * 1000 : undefined,
    peakKb: cpu ? Number(cpu[3]) : undefined,
  };
}
const byMs = (a: Timing, b: Timing) => a.ms - b.ms;
const middle = (timings: Timing[]): Timing => [...timings].sort(byMs)[Math.floor(timings.length / 2)] as Timing;
const cpuText = (timing: Timing) =>
  (timing.cpuMs === undefined ? '' : `, ${timing.cpuMs.toFixed(0)} ms CPU`) +
  (timing.peakKb === undefined ? '' : `, peak memory ${(timing.peakKb / 1024).toFixed(0)} MB`);
const median = (timings: Timing[], pick: (timing: Timing) => number | undefined) => {
  const values = timings.map(pick).filter((value): value is number => value !== undefined);
  return values.length === timings.length ? values.sort((a, b) => a - b)[Math.floor(values.length / 2)] : undefined;
};

const work = mkdtempSync(path.join(os.tmpdir(), 'sunset-bench-package-'));
console.log('packing and installing the package…');
const installed = installPackage(work);
const runs = Number(values.runs);
const sunsetArgs = (command: string) => [
  command,
  'check',
  '.',
  '--to',
  highest,
  '--format',
  'json',
  '--output',
  report,
  '--fail-on',
  'never',
];
const rgAvailable = spawnSync('rg', ['--version'], { stdio: 'ignore' }).status === 0;
// The same walk (hidden files, .gitignore) and the same literals; -l stops at the first hit per file.
const rgArgs = ['--hidden', '-F', '-l', '-f', anchorFile, '.'];

// What was just written (the repository, the package) goes to the disk now, not while the tools are timed: the
// kernel writes dirty pages back some seconds later, and on a shared disk that slows whatever runs then.
spawnSync('sync', { stdio: 'ignore' });
// Warm the page cache (and the package's code caches), then alternate the tools.
time(node, sunsetArgs(installed));
time(node, sunsetArgs(bin));
if (rgAvailable) time('rg', rgArgs);
const timings: { sunset: Timing[]; clone: Timing[]; rg: Timing[] } = { sunset: [], clone: [], rg: [] };
for (let run = 0; run < runs; run++) {
  timings.sunset.push(time(node, sunsetArgs(installed)));
  if (rgAvailable) timings.rg.push(time('rg', rgArgs));
}
for (let run = 0; run < Math.min(3, runs); run++) timings.clone.push(time(node, sunsetArgs(bin)));
const sunset = middle(timings.sunset);
const sunsetMs = sunset.ms;
const sunsetCpu = median(timings.sunset, (timing) => timing.cpuMs);
const findings = (JSON.parse(readFileSync(report, 'utf8')) as { findings: unknown[] }).findings.length;
const mb = written / 1024 / 1024;
console.log(
  `sunset check (installed package): ${sunsetMs.toFixed(0)} ms${cpuText({ ...sunset, cpuMs: sunsetCpu })}, ${(mb / (sunsetMs / 1000)).toFixed(0)} MB/s, ${findings} findings`,
);
const clone = middle(timings.clone);
console.log(`sunset check (the clone's TypeScript bin, for comparison): ${clone.ms.toFixed(0)} ms${cpuText(clone)}`);

if (!rgAvailable) {
  console.log('rg (ripgrep) is not installed, so there is nothing to compare with: apt-get install -y ripgrep');
} else {
  const rg = middle(timings.rg);
  const rgCpu = median(timings.rg, (timing) => timing.cpuMs);
  console.log(
    `rg -F -l (same ${anchors.length} anchors): ${rg.ms.toFixed(0)} ms${cpuText({ ...rg, cpuMs: rgCpu })}, ${(mb / (rg.ms / 1000)).toFixed(0)} MB/s`,
  );
  const cpuRatio = sunsetCpu && rgCpu ? `; CPU time ${(sunsetCpu / rgCpu).toFixed(2)}×` : '';
  console.log(
    `ratio sunset / rg (medians of ${runs} alternating runs): wall time ${(sunsetMs / rg.ms).toFixed(2)}× (goal: within 2×)${cpuRatio}`,
  );
  console.log(
    `load average while measuring: ${os
      .loadavg()
      .map((load) => load.toFixed(1))
      .join(' ')} on ${os.availableParallelism()} cores`,
  );
}
rmSync(anchorFile, { force: true });
rmSync(report, { force: true });
rmSync(work, { recursive: true, force: true });
if (values.keep) console.log(`kept ${root}`);
else rmSync(root, { recursive: true, force: true });
