/**
 * Everything the spec dates is plannable at its date: a flag the flag history removes, Grype-based
 * scanning's stop in 19.0 and the effects the spec dates before the entry they belong to each appear in a
 * plan whose range covers their own release, not only in the plan of a later one.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadRegister, type Register } from '../../../src/register/index.ts';
import { buildPlan } from '../../../src/register/plan/build-plan.ts';

let register: Register;
beforeAll(async () => {
  register = await loadRegister();
});

const mustDo = (from: string, to: string) =>
  buildPlan(register, { from, to }).mustDo.flatMap((group) => group.items.map((item) => item.key));

describe('plans at the spec’s dates', () => {
  it('gives every flag removal of the flag history a register entry of that release, naming the flag', () => {
    const removals = register.flags.flags.flatMap((flag) =>
      flag.history.filter((step) => step.event === 'removed').map((step) => ({ flag: flag.name, release: step.release })),
    );
    expect(removals).toHaveLength(3);
    for (const { flag, release } of removals) {
      const entries = register.byRelease(release).filter((entry) => entry.names.flags?.includes(flag));
      expect(
        entries.map((entry) => entry.kind),
        `${flag} removed in ${release}`,
      ).toEqual(['removal']);
    }
  });

  it.each([
    ['16.3', '16.4', 'product-analytics-snowplow-support-flag-removed'],
    ['17.0', '17.1', 'product-analytics-dashboards-flag-removed'],
    ['17.0', '17.1', 'product-analytics-admin-settings-flag-removed'],
    ['17.5', '19.0', 'grype-based-scanning-stops'],
    ['18.0', '19.0', 'grype-based-scanning-stops'],
    ['16.11', '17.0', 'graphql-ci-job-token-scope-remove-project-outbound-invalid'],
    ['17.7', '17.9', 'group-settings-projects-page-redirects'],
  ])('lists on %s → %s what the spec dates inside it: %s', (from, to, id) => {
    expect(mustDo(from, to)).toContain(id);
  });

  it.each([
    ['16.4', '17.0', 'product-analytics-snowplow-support-flag-removed'],
    ['17.1', '17.5', 'product-analytics-dashboards-flag-removed'],
    ['19.0', '20.0', 'grype-based-scanning-stops'],
    ['17.9', '18.0', 'group-settings-projects-page-redirects'],
  ])('leaves it out of %s → %s, whose range starts at or after its release: %s', (from, to, id) => {
    expect(mustDo(from, to)).not.toContain(id);
  });
});
