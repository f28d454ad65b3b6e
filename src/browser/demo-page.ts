/**
 * What the live demos under /try/ share: finding the elements their markup marks with `data-…` attributes,
 * and starting the in-browser reference while telling the reader how that went.
 */
import type { BrowserReference } from '../reference/browser/start-browser-reference.ts';

/**
 * The element marked `data-<name>` under `root`. Throws naming `holder` and the attribute when the markup
 * lacks it, so a renamed attribute fails at once rather than as a dead button.
 */
export function markedElement<T extends Element>(root: ParentNode, name: string, holder: string): T {
  const element = root.querySelector<T>(`[data-${name}]`);
  if (!element) throw new Error(`${holder} has no [data-${name}] element`);
  return element;
}

/** `run` at most once per quiet spell of `ms`: a burst of changes (another tab's writes) redraws once. */
export function debounced(run: () => unknown, ms: number): () => void {
  let pending: ReturnType<typeof setTimeout> | undefined;
  return () => {
    clearTimeout(pending);
    pending = setTimeout(run, ms);
  };
}

/**
 * Starts the in-browser reference (loaded on demand), says in `status` that it runs (`running`), then lets
 * the demo wire itself to it (`ready`); marks `root` ready once that is done. A failure at any step is
 * shown in `status` as a problem.
 */
export async function startDemoReference(
  root: HTMLElement,
  status: HTMLElement,
  running: string,
  ready: (runtime: BrowserReference) => Promise<void>,
): Promise<void> {
  status.textContent = 'Starting the in-browser reference…';
  try {
    const { startBrowserReference } = await import('../reference/browser/start-browser-reference.ts');
    const runtime = await startBrowserReference();
    status.textContent = running;
    await ready(runtime);
    root.dataset.ready = '';
  } catch (failure) {
    status.textContent = `The in-browser reference could not start: ${String(failure)}`;
    status.classList.add('problem');
  }
}

/**
 * Runs a demo whose code loads on demand (`start` imports it and starts it on `root`). When the import or
 * the start fails, the element `problemSelector` under `root` says that `what` could not start, and why.
 */
export function startOnDemand(root: HTMLElement, problemSelector: string, what: string, start: () => Promise<void>): void {
  start().catch((error: unknown) => {
    const problem = root.querySelector(problemSelector);
    if (!problem) return;
    problem.className = 'problem';
    problem.textContent = `${what} could not start: ${String(error)}`;
  });
}
