import { describe, expect, it } from 'vitest';
import { buildPlan } from '../../../src/register/plan/build-plan.ts';
import { legsThrough, onLeg, stopsBetween } from '../../../src/register/plan/upgrade-legs.ts';
import { createRegister } from '../../../src/register/register.ts';
import type { RegisterEntryInput } from '../../../src/schemas/register-entry.ts';
import { makeEntry, registerData } from '../entry-fixture.ts';

/**
 * Every release comparison of an upgrade plan, one row a case: an entry taking effect exactly at `from` or
 * `to`, one minor either side, across a major and across a two-digit minor; announced exactly at `to`;
 * required stops exactly at the ends of the range. A comparison moved by one makes some row fail.
 */
const releases = ['16.0', '16.1', '16.9', '16.10', '16.11', '17.0', '17.1', '17.2', '18.0'];
type Where = 'must do' | 'plan ahead' | 'neither' | 'both';

function placeOf(fields: Partial<RegisterEntryInput> & { removed_in: string }, from: string, to: string): Where {
  const register = createRegister(registerData({ entries: [makeEntry({ id: 'entry', ...fields })], releases }));
  const plan = buildPlan(register, { from, to });
  expect(plan.problems).toBeUndefined();
  const mustDo = plan.mustDo.length > 0;
  const ahead = plan.planAhead.length > 0;
  // An entry in both lists is a fault every row must catch.
  if (mustDo && ahead) return 'both';
  return mustDo ? 'must do' : ahead ? 'plan ahead' : 'neither';
}

const rows: [string, string, string, Partial<RegisterEntryInput> & { removed_in: string }, Where][] = [
  ['removed exactly at to', '16.11', '17.0', { removed_in: '17.0' }, 'must do'],
  ['removed exactly at from', '16.11', '17.0', { removed_in: '16.11' }, 'neither'],
  ['removed one minor below from', '16.11', '17.0', { removed_in: '16.10' }, 'neither'],
  ['removed one minor above to', '16.11', '17.0', { removed_in: '17.1' }, 'plan ahead'],
  ['removed one minor above from', '16.10', '17.0', { removed_in: '16.11' }, 'must do'],
  ['removed at the two-digit minor to', '16.9', '16.10', { removed_in: '16.10' }, 'must do'],
  ['removed at 16.10, after a range ending at 16.9', '16.1', '16.9', { removed_in: '16.10' }, 'plan ahead'],
  ['removed at 16.1, before a range from 16.9', '16.9', '16.11', { removed_in: '16.1' }, 'neither'],
  ['removed later, announced exactly at to', '16.11', '17.0', { removed_in: '17.1', announced_in: '17.0' }, 'plan ahead'],
  ['removed later, announced one minor after to', '16.11', '17.0', { removed_in: '17.2', announced_in: '17.1' }, 'neither'],
  ['removed later, announced exactly at from', '16.11', '17.0', { removed_in: '18.0', announced_in: '16.11' }, 'plan ahead'],
  [
    'removed and announced in the same release, one after to',
    '16.11',
    '17.0',
    { removed_in: '17.1', announced_in: '17.1' },
    'neither',
  ],
  ['removed at to, announced at to', '16.11', '17.0', { removed_in: '17.0', announced_in: '17.0' }, 'must do'],
  [
    'removed later, announced at the two-digit minor to',
    '16.9',
    '16.10',
    { removed_in: '17.0', announced_in: '16.10' },
    'plan ahead',
  ],
  [
    'removed later, announced at 16.11, after the two-digit minor to',
    '16.9',
    '16.10',
    { removed_in: '17.0', announced_in: '16.11' },
    'neither',
  ],
];

describe('where a plan lists an entry', () => {
  it.each(rows)('%s (%s → %s)', (_case, from, to, fields, expected) => {
    expect(placeOf(fields, from, to)).toBe(expected);
  });

  it.each([
    ['from equal to to', '17.0', '17.0', 'same-release'],
    ['to one minor below from', '17.1', '17.0', 'downgrade'],
    ['to across a major below from', '17.0', '16.11', 'downgrade'],
    ['to the two-digit minor below from', '16.11', '16.10', 'downgrade'],
    ['to one minor above from', '17.0', '17.1', undefined],
    ['to the two-digit minor above 16.9', '16.9', '16.10', undefined],
  ])('%s (%s → %s)', (_case, from, to, problem) => {
    const register = createRegister(registerData({ entries: [], releases }));
    expect(buildPlan(register, { from, to }).problems?.map((found) => found.code)[0]).toBe(problem);
  });
});

const stops = [{ release: '16.3' }, { release: '16.10' }, { release: '17.0' }];

describe('required stops at the ends of a range', () => {
  it.each([
    ['a stop exactly at from is not crossed', '16.3', '16.11', ['16.10']],
    ['a stop exactly at to is not crossed', '16.0', '16.10', ['16.3']],
    ['stops at both ends leave only those between', '16.3', '17.0', ['16.10']],
    ['a stop one minor above from is crossed', '16.2', '16.4', ['16.3']],
    ['a stop one minor below to is crossed', '16.9', '16.11', ['16.10']],
    ['a range between two stops crosses none', '16.4', '16.9', []],
    ['a range across a major crosses every stop between, oldest first', '15.0', '18.0', ['16.3', '16.10', '17.0']],
  ])('%s (%s → %s)', (_case, from, to, expected) => {
    expect(stopsBetween([...stops].reverse(), from, to).map((stop) => stop.release)).toEqual(expected);
  });

  it.each([
    ['the start of a leg is not on it', '16.3', false],
    ['the end of a leg is on it', '16.10', true],
    ['one minor after the start is on it', '16.4', true],
    ['one minor after the end is not on it', '16.11', false],
    ['16.1, before the start in release order though after it as text', '16.1', false],
  ])('%s (%s on 16.3 → 16.10)', (_case, release, expected) => {
    expect(onLeg(release, { from: '16.3', to: '16.10' })).toBe(expected);
  });

  it('puts a change at a stop on the leg that ends there, and one just after on the next', () => {
    const register = createRegister(
      registerData({
        entries: [
          makeEntry({ id: 'at-first-stop', removed_in: '16.3' }),
          makeEntry({ id: 'after-first-stop', removed_in: '16.4' }),
          makeEntry({ id: 'at-to', removed_in: '16.11' }),
        ],
        releases: ['16.0', '16.3', '16.4', '16.10', '16.11', '17.0'],
        upgradeStops: stops,
      }),
    );
    const plan = buildPlan(register, { from: '16.0', to: '16.11' });
    expect(legsThrough('16.0', '16.11', plan.stops ?? [])).toEqual([
      { from: '16.0', to: '16.3' },
      { from: '16.3', to: '16.10' },
      { from: '16.10', to: '16.11' },
    ]);
    expect(plan.legs?.map((leg) => leg.groups.flatMap((group) => group.items.map((item) => item.key)))).toEqual([
      ['at-first-stop'],
      ['after-first-stop'],
      ['at-to'],
    ]);
  });

  it('starting at a stop, plans without legs when no other stop lies before to', () => {
    const register = createRegister(
      registerData({ entries: [makeEntry({ id: 'x', removed_in: '16.4' })], releases, upgradeStops: stops }),
    );
    const plan = buildPlan(register, { from: '16.3', to: '16.10' });
    expect(plan.stops).toBeUndefined();
    expect(plan.legs).toBeUndefined();
  });
});
