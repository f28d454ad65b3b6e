import { describe, expect, it } from 'vitest';
import { loadRegister } from '../../../src/register/index.ts';
import { buildPlan } from '../../../src/register/plan/build-plan.ts';
import { OFFERINGS } from '../../../src/schemas/offerings.ts';
import { runCli } from '../../check/run-cli.ts';

/**
 * A plan for one offering lists, in both of its parts, only changes that reach that offering: a hosted
 * plan never asks the reader to plan ahead for a change made to self-managed instances only.
 */
describe('plan ahead follows the offering', async () => {
  const register = await loadRegister();
  const ids = (groups: { items: { entry: { id: string } }[] }[]) =>
    groups.flatMap((group) => group.items.map((item) => item.entry.id));
  const offeringsOf = (id: string) => register.entry(id)?.offerings ?? [];

  it('leaves out later changes of other offerings, for each offering', () => {
    for (const offering of OFFERINGS) {
      const plan = buildPlan(register, { from: '16.11', to: '17.0', offering });
      const ahead = ids(plan.planAhead);
      expect(ahead.length, offering).toBeGreaterThan(0);
      expect(
        ahead.filter((id) => !offeringsOf(id).includes(offering)),
        offering,
      ).toEqual([]);
      expect(
        ids(plan.mustDo).filter((id) => !offeringsOf(id).includes(offering)),
        offering,
      ).toEqual([]);
    }
  });

  it('keeps them for a plan without an offering, so the filter is what removes them', () => {
    const all = ids(buildPlan(register, { from: '16.11', to: '17.0' }).planAhead);
    const hosted = ids(buildPlan(register, { from: '16.11', to: '17.0', offering: 'hosted' }).planAhead);
    const selfManagedOnly = all.filter((id) => !offeringsOf(id).includes('hosted'));
    expect(selfManagedOnly).toContain('separate-ci-database-required');
    expect(hosted).toEqual(all.filter((id) => !selfManagedOnly.includes(id)));
  });

  it('is what sunset plan --offering hosted prints', async () => {
    const result = await runCli(
      ['plan', '--from', '16.11', '--to', '17.0', '--offering', 'hosted', '--format', 'json'],
      process.cwd(),
    );
    expect(result.code).toBe(0);
    const printed = JSON.parse(result.stdout) as { planAhead: { items: { id: string }[] }[] };
    const ahead = printed.planAhead.flatMap((group) => group.items.map((item) => item.id));
    expect(ahead.length).toBeGreaterThan(0);
    expect(ahead.filter((id) => !offeringsOf(id).includes('hosted'))).toEqual([]);
  });
});
