import { bindChecklist } from './checklist.ts';

/** Binds the checklist of a static upgrade page; the plan itself is built only if someone exports it. */
export function bindStaticPlan(): void {
  // The per-offering checklists are built in the browser; their links show only where that can happen.
  for (const element of document.querySelectorAll<HTMLElement>('[data-needs-js]')) element.hidden = false;
  const root = document.querySelector<HTMLElement>('[data-plan]');
  if (!root) return;
  const { from = '', to = '', offering } = root.dataset;
  bindChecklist(root, async () => {
    const { loadPlan } = await import('./plan-loader.ts');
    return loadPlan({ from, to, ...(offering ? { offering } : {}) });
  });
}
