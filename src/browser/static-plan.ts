import { bindChecklist } from './checklist.ts';

/** Binds the checklist of a static upgrade page; the plan itself is built only if someone exports it. */
export function bindStaticPlan(): void {
  const root = document.querySelector<HTMLElement>('[data-plan]');
  if (!root) return;
  const { from = '', to = '', offering } = root.dataset;
  bindChecklist(root, async () => {
    const { loadPlan } = await import('./plan-loader.ts');
    return loadPlan({ from, to, ...(offering ? { offering } : {}) });
  });
}
