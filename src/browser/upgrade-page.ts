import { renderPlanHtml } from '../register/plan/render/plan-html.ts';
import { bindChecklist } from './checklist.ts';

/**
 * The `/upgrade/` island: reads from, to and offering from the URL (the form submits there), fills the
 * form, builds the plan from `/register.json` and renders it with the same renderer as the static pages.
 */
export async function showRequestedPlan(): Promise<void> {
  const params = new URLSearchParams(location.search);
  const form = document.querySelector<HTMLFormElement>('form.upgrade-form');
  const output = document.querySelector<HTMLElement>('#plan-output');
  const status = document.querySelector<HTMLElement>('#plan-status');
  const from = params.get('from')?.trim() ?? '';
  const to = params.get('to')?.trim() ?? '';
  const offering = params.get('offering')?.trim() || undefined;
  if (form) {
    for (const [name, value] of [
      ['from', from],
      ['to', to],
      ['offering', offering ?? ''],
    ] as const) {
      const field = form.elements.namedItem(name) as HTMLInputElement | HTMLSelectElement | null;
      if (field && value) field.value = value;
    }
  }
  if (!output || (!from && !to)) return;
  if (status) status.textContent = 'Building the checklist…';
  try {
    // The register and the planner load only once a plan is asked for.
    const { loadPlan } = await import('./plan-loader.ts');
    const plan = await loadPlan({ from, to, ...(offering ? { offering } : {}), direct: params.get('direct') === '1' });
    output.innerHTML = renderPlanHtml(plan);
    if (status) status.textContent = plan.problems ? '' : 'Checklist ready.';
    document.title = plan.problems ? 'Upgrade checklist · Sunset' : `${plan.from} to ${plan.to} · Upgrade checklist · Sunset`;
    const root = output.querySelector<HTMLElement>('[data-plan]');
    if (root) bindChecklist(root, async () => plan);
  } catch (error) {
    output.innerHTML = '';
    if (status) status.textContent = '';
    const message = document.createElement('p');
    message.className = 'problem';
    message.setAttribute('role', 'alert');
    message.textContent = `The register could not be loaded: ${String(error)}`;
    output.append(message);
  }
}
