/**
 * `npm run budget`: fails when a built page ships more HTML or JavaScript (gzip) than its budget, or loads
 * MSW code without a console. Reads `dist/` (or the directory given as the first argument, or
 * `SUNSET_OUT_DIR`); build first.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import {
  budgetFor,
  budgetProblems,
  CONSOLE_BUDGET,
  CONSOLE_CHUNKS,
  CONSOLE_MARKER,
  type ConsoleWeight,
  chunkImports,
  consoleBudgetProblems,
  containsMsw,
  FIRST_SEND_BUDGET,
  firstSendGzip,
  firstSendParts,
  isChunk,
  kilobytes as kb,
  type PageReport,
  pageKind,
  pageScripts,
} from '../src/site/page-budget.ts';

const dist = path.resolve(process.argv[2] ?? (process.env.SUNSET_OUT_DIR || 'dist'));
const gzipSize = (text: string) => gzipSync(text, { level: 9 }).length;
const files = new Map<string, Promise<string | undefined>>();
/** Each built file read once: chunks are shared by many pages. */
const read = (file: string) => {
  if (!files.has(file))
    files.set(
      file,
      readFile(file, 'utf8').catch(() => undefined),
    );
  return files.get(file) as Promise<string | undefined>;
};

/** Every chunk reachable from the entry scripts: `loaded` with the page, `all` including on-demand chunks. */
async function scriptGraph(entries: string[]): Promise<{ loaded: string[]; all: string[] }> {
  const loaded = new Set<string>();
  const all = new Set<string>();
  const visit = async (file: string, withPage: boolean) => {
    if (withPage ? loaded.has(file) : all.has(file)) return;
    if (withPage) loaded.add(file);
    all.add(file);
    const code = await read(file);
    if (code === undefined) return;
    const imports = chunkImports(code);
    for (const specifier of imports.static) await visit(path.resolve(path.dirname(file), specifier), withPage);
    for (const specifier of imports.dynamic) await visit(path.resolve(path.dirname(file), specifier), false);
  };
  for (const entry of entries) await visit(entry, true);
  return { loaded: [...loaded], all: [...all] };
}

/**
 * A chunk and everything it loads (static imports, and on-demand ones unless `staticOnly`), without entering
 * chunks `stop` names.
 */
async function closure(entry: string, stop: (file: string) => boolean, staticOnly = false): Promise<string[]> {
  const seen = new Set<string>();
  const visit = async (file: string) => {
    if (seen.has(file) || (file !== entry && stop(file))) return;
    seen.add(file);
    const imports = chunkImports((await read(file)) ?? '');
    const specifiers = staticOnly ? imports.static : [...imports.static, ...imports.dynamic];
    for (const specifier of specifiers) await visit(path.resolve(path.dirname(file), specifier));
  };
  await visit(entry);
  return [...seen];
}

/**
 * The console's two on-demand parts, measured from their entry chunks, and the reference's data; `eager`
 * lists pages loading the console up front. The reference counts what its entry loads statically; what it
 * imports on demand is listed apart.
 */
async function consoleWeight(consolePages: { pathname: string; loaded: string[] }[]): Promise<ConsoleWeight> {
  const chunks = (await readdir(path.join(dist, '_astro')).catch(() => [] as string[])).map((name) =>
    path.join(dist, '_astro', name),
  );
  const entry = (name: string) => chunks.find((file) => isChunk(file, name) && file.endsWith('.js'));
  const consoleEntry = entry(CONSOLE_CHUNKS.console);
  const referenceEntry = entry(CONSOLE_CHUNKS.reference);
  const isReference = (file: string) => isChunk(file, CONSOLE_CHUNKS.reference);
  const consoleChunks = consoleEntry ? await closure(consoleEntry, isReference) : [];
  const referenceChunks = referenceEntry
    ? (await closure(referenceEntry, () => false, true)).filter((file) => !consoleChunks.includes(file))
    : [];
  const onDemandChunks = referenceEntry
    ? (await closure(referenceEntry, () => false)).filter(
        (file) => !consoleChunks.includes(file) && !referenceChunks.includes(file),
      )
    : [];
  const weigh = async (files: string[]) => ({
    chunks: files.map((file) => path.basename(file)),
    gzip: (await Promise.all(files.map(async (file) => gzipSize((await read(file)) ?? '')))).reduce((sum, size) => sum + size, 0),
  });
  const eager = consolePages.filter((page) => consoleEntry && page.loaded.includes(consoleEntry)).map((page) => page.pathname);
  const sized = async (file: string) => {
    const text = await read(path.join(dist, file));
    return text === undefined ? 0 : gzipSize(text);
  };
  return {
    console: await weigh(consoleChunks),
    reference: await weigh(referenceChunks),
    onDemand: await weigh(onDemandChunks),
    data: await sized('reference-data.json'),
    worker: await sized('mockServiceWorker.js'),
    eager,
  };
}

async function report(file: string): Promise<PageReport & { loaded: string[] }> {
  const html = (await read(file)) ?? '';
  const relative = path.relative(dist, file).split(path.sep).join('/');
  const pathname = `/${relative.replace(/(^|\/)index\.html$/, '$1')}`;
  const scripts = pageScripts(html);
  const entries = scripts.external.filter((src) => src.startsWith('/')).map((src) => path.join(dist, src));
  const graph = await scriptGraph(entries);
  const loadedCode = await Promise.all(graph.loaded.map(async (chunk) => (await read(chunk)) ?? ''));
  const allCode = await Promise.all(graph.all.map(async (chunk) => (await read(chunk)) ?? ''));
  const jsGzip =
    loadedCode.reduce((sum, code) => sum + gzipSize(code), 0) + (scripts.inline.length ? gzipSize(scripts.inline.join('\n')) : 0);
  return {
    pathname,
    kind: pageKind(pathname),
    htmlGzip: gzipSize(html),
    jsGzip,
    msw: [...allCode, ...scripts.inline].some(containsMsw),
    console: html.includes(CONSOLE_MARKER),
    loaded: graph.loaded,
  };
}

const htmlFiles = (await readdir(dist, { recursive: true }))
  .filter((name) => name.endsWith('.html') && !name.startsWith(`pagefind${path.sep}`))
  .map((name) => path.join(dist, name))
  .sort();
if (htmlFiles.length === 0) {
  console.error(`budget: no HTML pages in ${dist}; run npm run build first`);
  process.exit(2);
}
const reports = await Promise.all(htmlFiles.map(report));
const weight = await consoleWeight(reports.filter((page) => page.console));
const problems = [...reports.flatMap(budgetProblems), ...consoleBudgetProblems(weight)];
for (const kind of ['content', 'list'] as const) {
  const pages = reports.filter((page) => page.kind === kind);
  if (pages.length === 0) continue;
  const budget = budgetFor(kind);
  const largest = (key: 'htmlGzip' | 'jsGzip') => pages.reduce((top, page) => (page[key] > top[key] ? page : top));
  const html = largest('htmlGzip');
  const js = largest('jsGzip');
  console.log(
    `${kind} pages (${pages.length}): largest HTML ${kb(html.htmlGzip)} gzip at ${html.pathname} (budget ${kb(budget.html)}), largest JS ${kb(js.jsGzip)} gzip at ${js.pathname} (budget ${kb(budget.js)})`,
  );
}
const consoles = reports.filter((page) => page.console).length;
console.log(`MSW code: on ${reports.filter((page) => page.msw).length} page(s); pages with a console: ${consoles}`);
console.log(
  `console on interaction: ${kb(weight.console.gzip)} gzip in ${weight.console.chunks.length} chunk(s) (budget ${kb(CONSOLE_BUDGET)}); reference implementation on first Send: ${kb(weight.reference.gzip)} gzip in ${weight.reference.chunks.length} chunk(s)`,
);
console.log(
  `a console's first Send: ${kb(firstSendGzip(weight))} gzip in all (budget ${kb(FIRST_SEND_BUDGET)}; ${firstSendParts(weight)}); on demand only: ${kb(weight.onDemand.gzip)} gzip in ${weight.onDemand.chunks.join(', ') || 'no chunks'}`,
);
if (problems.length > 0) {
  console.error(`\nbudget: ${problems.length} problem(s):\n${problems.map((problem) => `  ${problem}`).join('\n')}`);
  process.exit(1);
}
console.log('budget: every page keeps its budget');
