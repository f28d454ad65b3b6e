import { describe, expect, it } from 'vitest';
import { buildPlan, requirePlan } from '../../../src/register/plan/build-plan.ts';
import { PlanError, planProblems } from '../../../src/register/plan/release-input.ts';
import { createRegister } from '../../../src/register/register.ts';
import { compareReleases, parseRelease } from '../../../src/register/releases.ts';
import type { RegisterEntry } from '../../../src/schemas/register-entry.ts';
import { makeEntry, registerData } from '../entry-fixture.ts';

/**
 * The order of a checklist, which readers tick from the top: areas with breaking items first, then as the
 * areas file lists them (an area it does not list last, under its id); inside an area breaking items
 * first, then by release, then by id. And what a refused plan says, field by field.
 */
const data = registerData({
  entries: [
    makeEntry({ id: 'z-quiet-17-0', removed_in: '17.0', area: 'ci' }),
    makeEntry({ id: 'a-quiet-17-5', removed_in: '17.5', area: 'ci' }),
    makeEntry({ id: 'b-quiet-17-0', removed_in: '17.0', area: 'ci' }),
    makeEntry({ id: 'y-breaks-17-5', removed_in: '17.5', area: 'ci', breaking: true }),
    makeEntry({ id: 'x-breaks-17-0', removed_in: '17.0', area: 'ci', breaking: true }),
    makeEntry({ id: 'quiet-tokens', removed_in: '17.0', area: 'tokens' }),
    makeEntry({ id: 'quiet-geo', removed_in: '17.0', area: 'geo' }),
    makeEntry({ id: 'breaks-unlisted', removed_in: '17.0', area: 'unlisted', breaking: true }),
    makeEntry({ id: 'quiet-unlisted', removed_in: '17.0', area: 'other-unlisted' }),
  ],
  areas: [
    { id: 'geo', title: 'Geo', description: 'd' },
    { id: 'tokens', title: 'Tokens', description: 'd' },
    { id: 'ci', title: 'CI/CD pipelines', description: 'd' },
  ],
  releases: ['16.11', '17.0', '17.5', '18.0', '20.0'],
});
const register = createRegister(data);

describe('the order of a checklist', () => {
  it('orders areas and items as readers tick them', () => {
    const plan = buildPlan(register, { from: '16.11', to: '17.5' });
    expect(plan.mustDo.map((group) => [group.area.id, group.area.title, group.items.map((item) => item.key)])).toEqual([
      ['ci', 'CI/CD pipelines', ['x-breaks-17-0', 'y-breaks-17-5', 'b-quiet-17-0', 'z-quiet-17-0', 'a-quiet-17-5']],
      ['unlisted', 'unlisted', ['breaks-unlisted']],
      ['geo', 'Geo', ['quiet-geo']],
      ['tokens', 'Tokens', ['quiet-tokens']],
      ['other-unlisted', 'other-unlisted', ['quiet-unlisted']],
    ]);
  });

  it('orders them so whatever order the register hands the entries over in', () => {
    const ordered = buildPlan(register, { from: '16.11', to: '17.5' });
    for (const shuffle of [
      (list: RegisterEntry[]) => [...list].reverse(),
      (list: RegisterEntry[]) => [...list].sort((a, b) => b.id.localeCompare(a.id)),
    ]) {
      const handedOver = {
        ...register,
        removedBetween: (from: string, to: string) => shuffle(register.removedBetween(from, to)),
      };
      expect(buildPlan(handedOver, { from: '16.11', to: '17.5' }).mustDo).toEqual(ordered.mustDo);
    }
  });

  it('compares releases by number, minor 10 after minor 9, and reads them with spaces around', () => {
    expect(['16.10', '16.9', '17.0', '16.1'].sort(compareReleases)).toEqual(['16.1', '16.9', '16.10', '17.0']);
    expect(parseRelease(' 17.0 ')).toEqual({ major: 17, minor: 0 });
  });
});

describe('a refused plan', () => {
  it('names each field at fault and the range the register covers', () => {
    expect(planProblems(register, { from: '16', to: '99.0', offering: 'cloud' })).toEqual([
      {
        code: 'malformed-release',
        field: 'from',
        message: '"16" (from) is not a release; write it as major.minor, such as "17.0" or "16.10"',
      },
      {
        code: 'unknown-release',
        field: 'to',
        message: '"99.0" (to) is not a release the register knows; it covers releases 16.x to 20.x',
      },
      { code: 'unknown-offering', field: 'offering', message: 'offering "cloud" is not one of hosted, self-managed, dedicated' },
    ]);
    expect(planProblems(register, { from: '17.5', to: '17.0' })).toEqual([
      {
        code: 'downgrade',
        field: 'to',
        message: '17.0 is older than 17.5: the register plans upgrades only; downgrades are not supported',
      },
    ]);
    expect(planProblems(register, { from: '17.0', to: '17.0' })[0]?.field).toBe('to');
  });

  it('throws every problem at once as a PlanError, and passes a good plan through', () => {
    const refused = buildPlan(register, { from: 'x', to: 'y' });
    expect(refused.problems).toHaveLength(2);
    try {
      requirePlan(refused);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(PlanError);
      expect((error as PlanError).name).toBe('PlanError');
      expect((error as PlanError).message).toBe(
        '"x" (from) is not a release; write it as major.minor, such as "17.0" or "16.10"\n"y" (to) is not a release; write it as major.minor, such as "17.0" or "16.10"',
      );
    }
    expect([refused.mustDo, refused.planAhead]).toEqual([[], []]);
    const good = buildPlan(register, { from: '16.11', to: '17.0' });
    expect(good.problems).toBeUndefined();
    expect(requirePlan(good)).toBe(good);
    const noProblems = { ...good, problems: [] };
    expect(requirePlan(noProblems)).toBe(noProblems);
  });
});
