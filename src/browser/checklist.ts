import type { Plan } from '../register/plan/build-plan.ts';
import { handFocusOn } from './keep-focus.ts';
import { planStorageKey, readTicks, writeTicks } from './plan-storage.ts';
import { foundPlaces, keptScanReport } from './scan-report/kept-report.ts';
import { SCAN_MARKED } from './scan-report/scan-marked.ts';

function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

/** Where the contents start open: on a phone they would push the first item screens down. */
const WIDE = '(min-width: 48rem)';

/**
 * Makes a rendered plan (`renderPlanHtml`) interactive: ticks kept in `localStorage` per upgrade (from, to),
 * a progress count, filters (area, breaking only, found in my scan, hide done), clearing with a
 * confirmation and an undo, Markdown export (with what a scan found), printing, and the scan report panel.
 * `plan` is asked for only on export or when a report is read, so static pages load the register only then.
 */
export function bindChecklist(root: HTMLElement, plan: () => Promise<Plan>): void {
  const upgrade = { from: root.dataset.from ?? '', to: root.dataset.to ?? '' };
  const key = planStorageKey(upgrade);
  const boxes = [...root.querySelectorAll<HTMLInputElement>('input[type="checkbox"][data-key]')];
  const items = [...root.querySelectorAll<HTMLElement>('li[data-item]')];
  const progress = root.querySelector<HTMLElement>('[data-progress]');
  const toolbar = root.querySelector<HTMLElement>('[data-plan-toolbar]');
  const panel = root.querySelector<HTMLElement>('[data-export-panel]');
  const undoBox = root.querySelector<HTMLElement>('[data-undo-box]');
  const control = <T extends HTMLElement>(selector: string) => root.querySelector<T>(selector);
  const area = control<HTMLSelectElement>('[data-filter-area]');
  const breakingOnly = control<HTMLInputElement>('[data-filter-breaking]');
  const onlyFound = control<HTMLInputElement>('[data-only-found]');
  const hideDone = control<HTMLInputElement>('[data-hide-done]');
  const clearButton = control<HTMLButtonElement>('[data-clear]');
  const ticks = readTicks(storage()?.getItem(key) ?? null);
  let undo: Set<string> | undefined;

  /** Shows the items the filters keep, folds areas left empty, and says how many are done and shown. */
  const show = () => {
    for (const box of boxes) {
      box.disabled = false;
      box.checked = ticks.has(box.dataset.key ?? '');
      box.closest('li')?.classList.toggle('done', box.checked);
    }
    let shown = 0;
    for (const item of items) {
      const visible =
        (!area?.value || item.dataset.area === area.value) &&
        (!breakingOnly?.checked || item.dataset.breaking === 'yes') &&
        (!onlyFound?.checked || item.dataset.scanKind === 'found') &&
        (!hideDone?.checked || !item.classList.contains('done'));
      item.hidden = !visible;
      if (visible) shown++;
    }
    for (const list of root.querySelectorAll<HTMLElement>('ul.checklist')) {
      const empty = list.querySelector('li[data-item]:not([hidden])') === null;
      list.hidden = empty;
      const heading = list.previousElementSibling;
      // An area's heading (h4 inside an upgrade leg) folds away with its items, with its anchor link if it has one.
      if (heading instanceof HTMLElement && (/^H[34]$/.test(heading.tagName) || heading.classList.contains('heading-wrap'))) {
        heading.hidden = empty;
      }
    }
    const done = boxes.filter((box) => box.checked).length;
    if (progress) progress.textContent = `${done} of ${boxes.length} done${shown < items.length ? ` · ${shown} shown` : ''}`;
  };
  const save = () => {
    if (ticks.size === 0) storage()?.removeItem(key);
    else storage()?.setItem(key, writeTicks(ticks));
  };
  show();
  if (toolbar) toolbar.hidden = false;
  const contents = root.querySelector<HTMLDetailsElement>('details[data-open-wide]');
  if (contents && window.matchMedia(WIDE).matches) contents.open = true;

  root.addEventListener('change', (event) => {
    const target = event.target as HTMLElement;
    if (target === area || target === breakingOnly || target === onlyFound || target === hideDone) {
      show();
      return;
    }
    const box = target as HTMLInputElement;
    if (!box.dataset.key) return;
    if (box.checked) ticks.add(box.dataset.key);
    else ticks.delete(box.dataset.key);
    const hadFocus = document.activeElement === box;
    save();
    show();
    const item = box.closest<HTMLElement>('li[data-item]');
    // Under "Hide done" the ticked item hides: the focus goes on to the next item still shown (or the one
    // before, or the filter), so the reader ticks on down the list instead of starting again from the top.
    if (hadFocus && item?.hidden) {
      const at = items.indexOf(item);
      const shown = (candidate: HTMLElement) => !candidate.hidden && candidate.closest('[hidden]') === null;
      const next = items.slice(at + 1).find(shown) ?? items.slice(0, at).reverse().find(shown);
      (next?.querySelector<HTMLInputElement>('input[data-key]') ?? hideDone)?.focus();
    }
    if (undoBox) {
      handFocusOn(undoBox, clearButton);
      undoBox.hidden = true;
    }
  });
  root.addEventListener(SCAN_MARKED, show);
  clearButton?.addEventListener('click', () => {
    if (ticks.size === 0) return;
    if (!window.confirm(`Clear all ${ticks.size} ticks of the ${upgrade.from} → ${upgrade.to} checklist?`)) return;
    undo = new Set(ticks);
    ticks.clear();
    save();
    show();
    if (progress) progress.textContent = `Ticks cleared. ${progress.textContent}`;
    if (undoBox) undoBox.hidden = false;
  });
  root.querySelector('[data-undo]')?.addEventListener('click', () => {
    for (const tick of undo ?? []) ticks.add(tick);
    undo = undefined;
    save();
    show();
    // Undo hides itself once used: the focus goes back to "Clear ticks", where the reader came from.
    if (undoBox) {
      handFocusOn(undoBox, clearButton);
      undoBox.hidden = true;
    }
  });
  root.querySelector('[data-print]')?.addEventListener('click', () => window.print());
  // Printing shows the migration notes, which are folded on screen.
  window.addEventListener('beforeprint', () => {
    for (const details of root.querySelectorAll('details')) details.open = true;
  });
  root.querySelector('[data-export]')?.addEventListener('click', async () => {
    const status = root.querySelector<HTMLElement>('[data-export-status]');
    const textarea = root.querySelector<HTMLTextAreaElement>('textarea');
    if (!panel || !textarea) return;
    try {
      const { planToMarkdown } = await import('../register/plan/render/plan-markdown.ts');
      const found = foundPlaces(keptScanReport(storage(), upgrade));
      textarea.value = planToMarkdown(await plan(), { siteUrl: location.origin, done: ticks, found });
      panel.hidden = false;
      textarea.select();
      await navigator.clipboard?.writeText(textarea.value);
      if (status) status.textContent = 'Copied to the clipboard.';
    } catch (error) {
      panel.hidden = false;
      if (status) status.textContent = textarea.value ? 'Select the text and copy it.' : `Export failed: ${String(error)}`;
    }
  });
  // The scan panel's code (report parsing, the severity rule) loads after the checklist is usable.
  void import('./scan-report/scan-panel.ts').then(({ bindScanReport }) => bindScanReport(root, upgrade, plan, storage));
}
