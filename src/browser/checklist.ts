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
 * Makes a rendered plan (`renderPlanHtml`) interactive: ticks kept in `localStorage` under the plan's
 * (from, to, offering) key, a progress count, Markdown export and printing. `plan` is asked for only on
 * export, so static pages load the register only when someone exports.
 */
export function bindChecklist(root: HTMLElement, plan: () => Promise<Plan>): void {
  const key = planStorageKey({ from: root.dataset.from ?? '', to: root.dataset.to ?? '' });
  const boxes = [...root.querySelectorAll<HTMLInputElement>('input[type="checkbox"][data-key]')];
  const progress = root.querySelector<HTMLElement>('[data-progress]');
  const toolbar = root.querySelector<HTMLElement>('[data-plan-toolbar]');
  const panel = root.querySelector<HTMLElement>('[data-export-panel]');
  const ticks = readTicks(storage()?.getItem(key) ?? null);

  const showProgress = () => {
    const done = boxes.filter((box) => box.checked).length;
    if (progress) progress.textContent = `${done} of ${boxes.length} done`;
  };
  for (const box of boxes) box.checked = ticks.has(box.dataset.key ?? '');
  showProgress();
  if (toolbar) toolbar.hidden = false;

  root.addEventListener('change', (event) => {
    const box = event.target as HTMLInputElement;
    if (!box.dataset.key) return;
    if (box.checked) ticks.add(box.dataset.key);
    else ticks.delete(box.dataset.key);
    storage()?.setItem(key, writeTicks(ticks));
    showProgress();
  });
  root.querySelector('[data-clear]')?.addEventListener('click', () => {
    for (const box of boxes) box.checked = false;
    ticks.clear();
    storage()?.removeItem(key);
    showProgress();
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
}
