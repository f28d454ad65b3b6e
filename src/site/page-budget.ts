/**
 * The page-weight rules `npm run budget` enforces, as pure functions over built files. The script reads
 * `dist/` and hands the text to these.
 */

/** Budgets in bytes after gzip. */
export interface Budget {
  html: number;
  js: number;
}

/** A content page: one document (an entry, a guide, a reference page). */
export const CONTENT_BUDGET: Budget = { html: 10 * 1024, js: 30 * 1024 };

/**
 * A list page shows the whole register, or a release's or an upgrade's share of it, so its HTML grows with
 * the register; it gets a larger HTML budget and the same JavaScript budget.
 */
export const LIST_BUDGET: Budget = { html: 60 * 1024, js: 30 * 1024 };

/** The pages that list register entries rather than being one document. */
const LIST_PAGES = [/^\/register\/$/, /^\/releases\/[^/]+\/$/, /^\/upgrade\/[^/]+\/$/];

/** The attribute a page carries when it embeds a browser console, the only place mock-service-worker code may load. */
export const CONSOLE_MARKER = 'data-sunset-console';

/** Strings that only MSW's browser code contains, surviving minification. */
export const MSW_MARKERS = ['/mockServiceWorker.js', '[MSW]', 'MSW_INTERCEPTORS_REGISTRY'];

/** Whether a page is a list page or a content page. */
export function pageKind(pathname: string): 'list' | 'content' {
  return LIST_PAGES.some((pattern) => pattern.test(pathname)) ? 'list' : 'content';
}

/** The budget a page of this kind is held to. */
export function budgetFor(kind: 'list' | 'content'): Budget {
  return kind === 'list' ? LIST_BUDGET : CONTENT_BUDGET;
}

/** Bytes as the budget reports them: `12.3 kB`. */
export const kilobytes = (bytes: number): string => `${(bytes / 1024).toFixed(1)} kB`;

/** Scripts a page loads with the page: module `src`s, module preloads and the text of inline scripts. */
export function pageScripts(html: string): { external: string[]; inline: string[] } {
  const external: string[] = [];
  const inline: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attributes = match[1] ?? '';
    const src = /\bsrc=["']?([^"'\s>]+)/i.exec(attributes)?.[1];
    if (src) external.push(src);
    else if (!/type=["']?application\/(ld\+)?json/i.test(attributes) && (match[2] ?? '').trim()) inline.push(match[2] as string);
  }
  for (const match of html.matchAll(/<link\b[^>]*rel=["']?modulepreload["']?[^>]*>/gi)) {
    const href = /\bhref=["']?([^"'\s>]+)/i.exec(match[0])?.[1];
    if (href) external.push(href);
  }
  return { external: [...new Set(external)], inline };
}

/**
 * The modules a bundled chunk imports: `static` ones load with it; `dynamic` ones (`import("./x.js")`) load
 * only when code asks for them. Specifiers are returned as written.
 */
export function chunkImports(code: string): { static: string[]; dynamic: string[] } {
  const statics = new Set<string>();
  const dynamics = new Set<string>();
  for (const match of code.matchAll(/(?:^|[\s;}])(?:import|export)\s*(?:[\w$*{}\s,]+?\s*from\s*)?["']([^"']+)["']/g)) {
    statics.add(match[1] as string);
  }
  // Minifiers may write a dynamic import's specifier as a template literal: import(`./x.js`).
  for (const match of code.matchAll(/\bimport\s*\(\s*["'`]([^"'`$]+)["'`]\s*\)/g)) dynamics.add(match[1] as string);
  return { static: [...statics], dynamic: [...dynamics] };
}

/** Whether code contains MSW's browser code. */
export function containsMsw(code: string): boolean {
  return MSW_MARKERS.some((marker) => code.includes(marker));
}

/** What the budget found on one page. */
export interface PageReport {
  pathname: string;
  kind: 'list' | 'content';
  htmlGzip: number;
  jsGzip: number;
  msw: boolean;
  console: boolean;
}

/** Every rule a page breaks, in words; empty when it keeps its budget. */
export function budgetProblems(report: PageReport): string[] {
  const budget = budgetFor(report.kind);
  const problems: string[] = [];
  if (report.htmlGzip > budget.html) {
    problems.push(
      `${report.pathname}: HTML is ${kilobytes(report.htmlGzip)} gzip, over the ${kilobytes(budget.html)} budget of a ${report.kind} page`,
    );
  }
  if (report.jsGzip > budget.js) {
    problems.push(`${report.pathname}: JavaScript is ${kilobytes(report.jsGzip)} gzip, over the ${kilobytes(budget.js)} budget`);
  }
  if (report.msw && !report.console) {
    problems.push(`${report.pathname}: loads MSW code but has no console (${CONSOLE_MARKER}); load it only where a console is`);
  }
  return problems;
}

/** What a console's interaction loads (its UI, MSW's browser runtime, the worker glue), in bytes after gzip. */
export const CONSOLE_BUDGET = 60 * 1024;

/**
 * Chunk names (before the hash) that start the two on-demand parts of a console: the console itself, loaded
 * on first interaction, and the reference implementation, which it loads when the in-browser target is used.
 */
export const CONSOLE_CHUNKS = { console: 'console-island', reference: 'browser-world' } as const;

/** Whether a built chunk file (`…/_astro/console-island.AbC123.js`) is the one named `name`. */
export function isChunk(file: string, name: string): boolean {
  return (file.split('/').pop() ?? '').startsWith(`${name}.`);
}

/**
 * What a reader's first Send on a console fetches in all: the console, the in-browser reference, the data
 * it starts from (`/reference-data.json`) and the service worker script it registers
 * (`/mockServiceWorker.js`), in bytes after gzip.
 */
export const FIRST_SEND_BUDGET = 100 * 1024;

/** What the console weighs: the chunks each part loads, and their gzip total. */
export interface ConsoleWeight {
  console: { chunks: string[]; gzip: number };
  /** The reference implementation as its entry chunk loads it: its static imports. */
  reference: { chunks: string[]; gzip: number };
  /**
   * Chunks the reference imports only on demand (the YAML reader, for a definition written in a playground),
   * which no console's first Send loads; reported, not counted.
   */
  onDemand: { chunks: string[]; gzip: number };
  /** `/reference-data.json`, gzip. */
  data: number;
  /** `/mockServiceWorker.js`, the script the browser fetches to register the worker, gzip. */
  worker: number;
  /** Pages with a console that load console code with the page rather than on interaction. */
  eager: string[];
}

/**
 * What a console's first Send loads in all: the console, the reference's entry and static imports, its data
 * and the worker script.
 */
export function firstSendGzip(weight: ConsoleWeight): number {
  return weight.console.gzip + weight.reference.gzip + weight.data + weight.worker;
}

/** The console budget's verdict, in words; empty when it keeps it. */
export function consoleBudgetProblems(weight: ConsoleWeight): string[] {
  const problems: string[] = [];
  if (weight.console.chunks.length === 0) {
    problems.push(`no ${CONSOLE_CHUNKS.console} chunk was built; the console budget cannot be checked`);
  }
  if (weight.worker === 0) problems.push('no /mockServiceWorker.js was built; the first Send cannot be weighed');
  if (weight.console.gzip > CONSOLE_BUDGET) {
    problems.push(
      `the console (${weight.console.chunks.join(', ')}) is ${kilobytes(weight.console.gzip)} gzip, over its ${kilobytes(CONSOLE_BUDGET)} budget`,
    );
  }
  for (const page of weight.eager) problems.push(`${page}: loads the console with the page; it must load on interaction`);
  const firstSend = firstSendGzip(weight);
  if (firstSend > FIRST_SEND_BUDGET) {
    problems.push(
      `a console's first Send loads ${kilobytes(firstSend)} gzip (${firstSendParts(weight)}), over its ${kilobytes(FIRST_SEND_BUDGET)} budget`,
    );
  }
  return problems;
}

/** The parts of a first Send, in words: `console 45.0 kB, reference 40.1 kB, …`. */
export function firstSendParts(weight: ConsoleWeight): string {
  return [
    `console ${kilobytes(weight.console.gzip)}`,
    `reference ${kilobytes(weight.reference.gzip)}`,
    `reference-data.json ${kilobytes(weight.data)}`,
    `mockServiceWorker.js ${kilobytes(weight.worker)}`,
  ].join(', ');
}
