import { buildPlan, type Plan } from '../register/plan/build-plan.ts';
import type { PlanInput } from '../register/plan/release-input.ts';
import { createRegister } from '../register/register.ts';
import type { RegisterJson } from '../site/register-json.ts';

let register: Promise<ReturnType<typeof createRegister>> | undefined;

/** Loads `/register.json` once and indexes it with the same code the build uses. */
function loadRegister(): Promise<ReturnType<typeof createRegister>> {
  register ??= fetch('/register.json')
    .then((response) => {
      if (!response.ok) throw new Error(`/register.json answered ${response.status}`);
      return response.json() as Promise<RegisterJson>;
    })
    .then((data) =>
      createRegister({
        entries: data.entries,
        areas: [...data.areas],
        releases: [...data.releases],
        endpoints: [],
        limits: [],
        errors: [],
        flags: { beta_since: data.releases[0]?.release ?? '0.0', flags: [] },
        sdks: [],
        settings: { base_url: location.origin, config_dir: '.', site_url: location.origin },
        sources: new Map(),
        ...(data.upgrade_stops ? { upgradeStops: [...data.upgrade_stops] } : {}),
      }),
    );
  return register;
}

/** Builds an upgrade plan in the browser from the published register. */
export async function loadPlan(input: PlanInput): Promise<Plan> {
  return buildPlan(await loadRegister(), input);
}
