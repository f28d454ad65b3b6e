/**
 * `npm run build:cli` (and `npm run package`, `npm run release`): compiles the CLI and the library to JavaScript for the package.
 *
 *   lib/cli.js, lib/index.js, lib/<worker>.js and shared chunks  the code, npm dependencies inlined
 *   lib/scan-worker.cjs        the scan's worker thread in one CommonJS script (see SCRIPT_WORKERS)
 *   lib/check-script.js        `sunset check` alone in one script, which lib/cli.js runs with a code cache
 *   lib/sunset-data.json       the validated register's entries, error conditions, releases and settings
 *   lib/sunset-data-more.json  the rest of the register and the demo fixture repositories, read when needed
 *   lib/register.json          the register as published (`/register.json` on the site)
 *   lib/schemas/*.schema.json  the JSON Schemas of the YAML files users write
 *   lib/types/                 type declarations of the library API (src/index.ts)
 *   sunset.mjs                 everything above but the types in one file, for `node sunset.mjs …`
 *
 * Exits 1 when the content has problems.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { build, type Plugin } from 'esbuild';
import { registerVersion } from '../src/findings/report-origin.ts';
import {
  builtWorkerFile,
  PACKAGED_STAND_INS,
  rewriteWorkerStarts,
  SCRIPT_WORKERS,
  WORKER_DATA_KEY,
  type WorkerLayout,
  workerModules,
} from '../src/package/build-substitutions.ts';
import { CHECK_SCRIPT_FILE } from '../src/package/cli-main.ts';
import { SCRIPT_URL_PARAMETER } from '../src/package/code-cached-script.ts';
import {
  PACKAGED_DATA_FILE,
  PACKAGED_DATA_FORMAT,
  PACKAGED_MORE_DATA_FILE,
  type PackagedDataFile,
  type PackagedMoreDataFile,
} from '../src/package/packaged-data.ts';
import { readinessStyles } from '../src/readiness/readiness-styles.ts';
import { readFixtureRepositories } from '../src/reference/analytics/repository/read-fixture-repositories.ts';
import { demoFixtures } from '../src/reference/platform/world.ts';
import { formatProblem, readContent } from '../src/register/index.ts';
import { createRegister } from '../src/register/register.ts';
import { buildJsonSchema, PUBLISHED_SCHEMAS } from '../src/site/json-schemas.ts';
import { buildRegisterJson } from '../src/site/register-json.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const SRC = path.join(ROOT, 'src');
const LIB = path.join(ROOT, 'lib');
const ONE_FILE = path.join(ROOT, 'sunset.mjs');
const CONTENT = path.join(ROOT, 'content');

const manifest = JSON.parse(await readFile(path.join(ROOT, 'package.json'), 'utf8')) as { version: string };

// The data: the same validation as the site and `npm run check:content`.
const { data, problems } = await readContent(CONTENT);
if (problems.length > 0) {
  for (const problem of problems) console.error(formatProblem(problem));
  console.error(`build:cli: ${problems.length} content problem${problems.length === 1 ? '' : 's'}`);
  process.exit(1);
}
const repositories = await readFixtureRepositories(CONTENT, demoFixtures().projects);
const { entries, errors, releases, settings, sources, ...more } = data;
const dataFile: PackagedDataFile = {
  format: PACKAGED_DATA_FORMAT,
  register: { entries, errors, releases, settings },
  // Digested here once: every report that records its origin names it, and hashing the register costs a check.
  registerVersion: registerVersion(createRegister(data)),
};
const moreDataFile: PackagedMoreDataFile = {
  format: PACKAGED_DATA_FORMAT,
  register: { ...more, sources: [...sources] },
  repositories: Object.fromEntries(Object.entries(repositories).map(([id, files]) => [id, Object.fromEntries(files)])),
};
// ASCII only (other characters as \u escapes): Node reads an ASCII file into a one-byte string, which
// decodes and parses faster than the two-byte string a single `…` would make of the whole file.
const asciiJson = (value: unknown) =>
  JSON.stringify(value).replace(/[\u0080-\uffff]/g, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`);
const dataText = asciiJson(dataFile);
const moreDataText = asciiJson(moreDataFile);

await rm(LIB, { recursive: true, force: true });
await mkdir(path.join(LIB, 'schemas'), { recursive: true });
await writeFile(path.join(LIB, PACKAGED_DATA_FILE), dataText);
await writeFile(path.join(LIB, PACKAGED_MORE_DATA_FILE), moreDataText);
const siteUrl = data.settings.site_url;
await writeFile(
  path.join(LIB, 'register.json'),
  `${JSON.stringify(buildRegisterJson(data.entries, { siteUrl, areas: data.areas, releases: data.releases }))}\n`,
);
for (const published of PUBLISHED_SCHEMAS) {
  const schema = buildJsonSchema(published, siteUrl);
  await writeFile(path.join(LIB, 'schemas', `${published.name}.schema.json`), `${JSON.stringify(schema, null, 2)}\n`);
}

/** Every worker module the sources start, by name, with its file. */
function findWorkers(): Map<string, string> {
  const workers = new Map<string, string>();
  for (const name of readdirSync(SRC, { recursive: true, encoding: 'utf8' })) {
    if (!name.endsWith('.ts')) continue;
    const file = path.join(SRC, name);
    if (!statSync(file).isFile()) continue;
    const text = readFileSync(file, 'utf8');
    for (const worker of workerModules(text)) workers.set(worker, path.join(path.dirname(file), `${worker}.ts`));
  }
  return workers;
}
const workers = findWorkers();

/** Swaps the modules that read the clone's files for their packaged stand-ins, and rewrites worker starts. */
function packagedPlugin(layout: WorkerLayout): Plugin {
  const standIns = new Map(Object.entries(PACKAGED_STAND_INS).map(([from, to]) => [path.join(SRC, from), path.join(SRC, to)]));
  return {
    name: 'sunset-packaged',
    setup(builder) {
      builder.onResolve({ filter: /\.ts$/ }, (args) => {
        if (!args.path.startsWith('.')) return undefined;
        const standIn = standIns.get(path.resolve(args.resolveDir, args.path));
        return standIn ? { path: standIn } : undefined;
      });
      builder.onLoad({ filter: /\.ts$/ }, async (args) => {
        if (!args.path.startsWith(SRC)) return undefined;
        const source = await readFile(args.path, 'utf8');
        if (!source.includes('new Worker(')) return undefined;
        return { contents: rewriteWorkerStarts(source, path.relative(ROOT, args.path), layout), loader: 'ts' };
      });
    },
  };
}

// The readiness site's stylesheets, inlined so an installed package needs no src/styles/.
const readinessStylesText = JSON.stringify(JSON.stringify(readinessStyles()));

const common = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22.12',
  minifyWhitespace: true,
  minifySyntax: true,
  legalComments: 'none',
  logLevel: 'warning',
  // Inlined CommonJS packages call require() for Node's own modules.
  banner: {
    js: "import { createRequire as __sunsetRequire } from 'node:module'; const require = __sunsetRequire(import.meta.url);",
  },
} as const;

// What every file of lib/ is built with: the data is read from lib/, not inlined as in sunset.mjs.
const filesDefine = {
  SUNSET_VERSION: JSON.stringify(manifest.version),
  SUNSET_INLINE_DATA: 'undefined',
  SUNSET_INLINE_MORE_DATA: 'undefined',
  SUNSET_READINESS_STYLES: readinessStylesText,
};

// `sunset check` on its own: one script without the other commands, so the command every pipeline runs
// loads one file, which lib/cli.js runs with a code cache (src/package/code-cached-script.ts).
const checkBuild = await build({
  ...common,
  format: 'cjs',
  banner: {},
  metafile: true,
  write: false,
  entryPoints: [path.join(SRC, 'package/check-main.ts')],
  outfile: path.join(LIB, CHECK_SCRIPT_FILE),
  define: { ...filesDefine, 'import.meta.url': SCRIPT_URL_PARAMETER },
  plugins: [packagedPlugin('files')],
});
const [checkScriptOutput] = checkBuild.outputFiles;
if (!checkScriptOutput) throw new Error('build:cli: esbuild wrote no check script');
await writeFile(checkScriptOutput.path, checkScriptOutput.contents);
const checkScriptHash = createHash('sha256').update(checkScriptOutput.contents).digest('hex').slice(0, 16);

const libDefine = { ...filesDefine, SUNSET_CHECK_SCRIPT_HASH: JSON.stringify(checkScriptHash) };

// The package's lib/: one file per entry, shared chunks beside them (flat, so `import.meta.url` finds the data).
const libBuild = await build({
  ...common,
  metafile: true,
  entryPoints: {
    cli: path.join(SRC, 'package/cli-main.ts'),
    index: path.join(SRC, 'index.ts'),
    ...Object.fromEntries([...workers].filter(([name]) => !SCRIPT_WORKERS.has(name))),
  },
  outdir: LIB,
  splitting: true,
  chunkNames: 'chunk-[hash]',
  define: libDefine,
  plugins: [packagedPlugin('files')],
});

// The workers that start as one CommonJS script each (see SCRIPT_WORKERS); one that reads `import.meta.url`
// finds its own file there, as it does as a module.
const WORKER_URL = '__sunsetWorkerUrl';
for (const [name, file] of workers) {
  if (!SCRIPT_WORKERS.has(name)) continue;
  await build({
    ...common,
    format: 'cjs',
    banner: { js: `const ${WORKER_URL} = require('node:url').pathToFileURL(__filename).href;` },
    entryPoints: [file],
    outfile: path.join(LIB, builtWorkerFile(name)),
    define: { ...libDefine, 'import.meta.url': WORKER_URL },
    plugins: [packagedPlugin('files')],
  });
}

// What each chunk holds, for looking into start-up cost (esbuild's analyzer reads it); not shipped.
await mkdir(path.join(ROOT, '.cache', 'sunset'), { recursive: true });
await writeFile(path.join(ROOT, '.cache', 'sunset', 'lib-meta.json'), JSON.stringify(libBuild.metafile));
await writeFile(path.join(ROOT, '.cache', 'sunset', 'check-script-meta.json'), JSON.stringify(checkBuild.metafile));

// The one file: the main thread runs the CLI; a worker thread runs the worker it is told to.
const workerBranches = [...workers]
  .map(
    ([name, file]) =>
      `if (workerData?.[${JSON.stringify(WORKER_DATA_KEY)}] === ${JSON.stringify(name)}) await import(${JSON.stringify(file)});`,
  )
  .join('\n  ');
await build({
  ...common,
  stdin: {
    contents: `import { isMainThread, workerData } from 'node:worker_threads';
if (isMainThread) {
  const { runCli } = await import(${JSON.stringify(path.join(SRC, 'package/cli-main.ts'))});
  await runCli();
} else {
  ${workerBranches}
}`,
    resolveDir: SRC,
    sourcefile: 'sunset-one-file.ts',
    loader: 'ts',
  },
  outfile: ONE_FILE,
  define: {
    SUNSET_VERSION: JSON.stringify(manifest.version),
    SUNSET_INLINE_DATA: JSON.stringify(dataText),
    SUNSET_INLINE_MORE_DATA: JSON.stringify(moreDataText),
    SUNSET_READINESS_STYLES: readinessStylesText,
    SUNSET_CHECK_SCRIPT_HASH: 'undefined',
  },
  plugins: [packagedPlugin('one-file')],
});
const oneFile = await readFile(ONE_FILE, 'utf8');
await writeFile(ONE_FILE, `#!/usr/bin/env node\n${oneFile}`);

// Declarations of the library API; `.ts` specifiers become `.js` so any TypeScript set-up resolves them.
execFileSync(
  process.execPath,
  [path.join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', path.join(ROOT, 'tsconfig.types.json')],
  {
    stdio: 'inherit',
  },
);
for (const name of readdirSync(path.join(LIB, 'types'), { recursive: true, encoding: 'utf8' })) {
  if (!name.endsWith('.d.ts')) continue;
  const file = path.join(LIB, 'types', name);
  const text = await readFile(file, 'utf8');
  await writeFile(file, text.replace(/(from\s+|import\()(['"])(\.{1,2}\/[^'"]+)\.ts\2/g, '$1$2$3.js$2'));
}

const size = (file: string) => `${(statSync(file).size / 1024).toFixed(0)} KB`;
// On standard error: `npm run package` prints the tarball's path, and only that, on standard output.
console.error(
  `build:cli: ${data.entries.length} entries; lib/ with ${workers.size} worker(s); sunset.mjs ${size(ONE_FILE)}; data ${size(path.join(LIB, PACKAGED_DATA_FILE))} + ${size(path.join(LIB, PACKAGED_MORE_DATA_FILE))}`,
);
