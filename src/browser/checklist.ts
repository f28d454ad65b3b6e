import type { Plan } from '../register/plan/build-plan.ts';
import { planStorageKey, readTicks, writeTicks } from './plan-storage.ts';

function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

/**
 * Makes a rendered plan (`renderPlanHtml`) interactive: ticks kept in `localStorage` per upgrade (from, to),
 * a progress count, a "hide done" switch, clearing with a confirmation and an undo, Markdown export,
 * printing, and the scan report panel. `plan` is asked for only on export or when a report is read, so
 * static pages load the register only then.
 */
export function bindChecklist(root: HTMLElement, plan: () => Promise<Plan>): void {
  const upgrade = { from: root.dataset.from ?? '', to: root.dataset.to ?? '' };
  const key = planStorageKey(upgrade);
  const boxes = [...root.querySelectorAll<HTMLInputElement>('input[type="checkbox"][data-key]')];
  const progress = root.querySelector<HTMLElement>('[data-progress]');
  const toolbar = root.querySelector<HTMLElement>('[data-plan-toolbar]');
  const panel = root.querySelector<HTMLElement>('[data-export-panel]');
  const undoBox = root.querySelector<HTMLElement>('[data-undo-box]');
  const ticks = readTicks(storage()?.getItem(key) ?? null);
  let undo: Set<string> | undefined;

  const show = () => {
    for (const box of boxes) {
      box.checked = ticks.has(box.dataset.key ?? '');
      box.closest('li')?.classList.toggle('done', box.checked);
    }
    const done = boxes.filter((box) => box.checked).length;
    if (progress) progress.textContent = `${done} of ${boxes.length} done`;
  };
  const save = () => {
    if (ticks.size === 0) storage()?.removeItem(key);
    else storage()?.setItem(key, writeTicks(ticks));
  };
  show();
  if (toolbar) toolbar.hidden = false;

  root.addEventListener('change', (event) => {
    const box = event.target as HTMLInputElement;
    if (box.matches('[data-hide-done]')) {
      root.classList.toggle('hide-done', box.checked);
      return;
    }
    if (!box.dataset.key) return;
    if (box.checked) ticks.add(box.dataset.key);
    else ticks.delete(box.dataset.key);
    save();
    show();
    if (undoBox) undoBox.hidden = true;
  });
  root.querySelector('[data-clear]')?.addEventListener('click', () => {
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
    if (undoBox) undoBox.hidden = true;
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
      textarea.value = planToMarkdown(await plan(), { siteUrl: location.origin, done: ticks });
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
