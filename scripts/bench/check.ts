/**
 * `npm run bench:check`: builds a throw-away repository of 20,000 files (~200 MB) in the OS temp directory,
 * with real uses (every rule's example and near miss) and anchor-like noise sprinkled in, then times
 * `sunset check` against `rg` (ripgrep) searching the same literal anchors over the same files, and prints
 * the wall-time ratio and throughput. Each tool runs once to warm the page cache, then three times; the
 * median counts. `--keep` leaves the repository in place; `--files N` and `--mb M` change its size.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { activeRules } from '../../src/check/active-rules.ts';
import { PROJECT_ROOT } from '../../src/check/register-source.ts';
import { compileRule } from '../../src/check/rules/compile-rule.ts';
import { loadRegister } from '../../src/register/index.ts';

const { values } = parseArgs({
  options: {
    files: { type: 'string', default: '20000' },
    mb: { type: 'string', default: '200' },
    keep: { type: 'boolean', default: false },
  },
});
const fileCount = Number(values.files);
const totalBytes = Number(values.mb) * 1024 * 1024;

const register = await loadRegister();
const lowest = register.releases[0]?.release ?? '15.4';
const highest = register.releases.at(-1)?.release ?? '20.0';
const rules = activeRules(register, { from: lowest, to: highest });
const anchors = [
  ...new Set(rules.map((active) => compileRule(active.rule, { configDir: '.gitlab' }).anchor).filter(Boolean)),
] as string[];

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
function codeLine(): string {
  const words = Array.from({ length: 4 + Math.floor(next() * 8) }, () => pick(WORDS));
  return `  ${words[0]} ${words[1]}_${words[2]} = ${words.slice(3).join('.')}(${Math.floor(next() * 1000)});`;
}
const pool = Array.from({ length: 20_000 }, codeLine).join('\n');

const EXTENSIONS = ['.ts', '.js', '.py', '.rb', '.go', '.sh', '.json', '.yml', '.md', '.graphql'];
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
  const start = Math.floor(next() * (pool.length - size - 1));
  let text = pool.slice(start, start + size);
  if (i % 20 === 0 && noise.length > 0) text += `\n# ${pick(noise)}\n`;
  writeFileSync(path.join(directory, `file${i}${EXTENSIONS[i % EXTENSIONS.length]}`), text);
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

function time(command: string, args: string[]): { ms: number; status: number | null } {
  const begin = performance.now();
  const run = spawnSync(command, args, { cwd: root, stdio: ['ignore', 'ignore', 'pipe'], maxBuffer: 64 * 1024 * 1024 });
  return { ms: performance.now() - begin, status: run.status };
}
function median(command: string, args: string[]): number {
  time(command, args);
  const runs = [0, 1, 2].map(() => time(command, args).ms).sort((a, b) => a - b);
  return runs[1] as number;
}

const sunsetArgs = [bin, 'check', '.', '--to', highest, '--format', 'json', '--output', report, '--fail-on', 'never'];
const sunsetMs = median(node, sunsetArgs);
const findings = (JSON.parse(String(execFileSync('cat', [report]))) as { findings: unknown[] }).findings.length;
const mb = written / 1024 / 1024;
console.log(`sunset check: ${sunsetMs.toFixed(0)} ms, ${(mb / (sunsetMs / 1000)).toFixed(0)} MB/s, ${findings} findings`);

const rgAvailable = spawnSync('rg', ['--version'], { stdio: 'ignore' }).status === 0;
if (!rgAvailable) {
  console.log('rg (ripgrep) is not installed, so there is nothing to compare with: apt-get install -y ripgrep');
} else {
  // The same walk (hidden files, .gitignore) and the same literals; -l stops at the first hit per file.
  const rgArgs = ['--hidden', '-F', '-l', '-f', anchorFile, '.'];
  const rgMs = median('rg', rgArgs);
  console.log(`rg -F -l (same ${anchors.length} anchors): ${rgMs.toFixed(0)} ms, ${(mb / (rgMs / 1000)).toFixed(0)} MB/s`);
  console.log(`ratio sunset / rg: ${(sunsetMs / rgMs).toFixed(2)}× (goal: within 3×)`);
}
rmSync(anchorFile, { force: true });
rmSync(report, { force: true });
if (values.keep) console.log(`kept ${root}`);
else rmSync(root, { recursive: true, force: true });
