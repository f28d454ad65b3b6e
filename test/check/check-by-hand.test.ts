import { describe, expect, it } from 'vitest';
import { checkByHand } from '../../src/check/check-by-hand.ts';
import { makeEntry } from '../register/entry-fixture.ts';

const rule = {
  kind: 'ci-variable',
  name: 'X_VAR',
  example: { file: '.gitlab-ci.yml', text: 'a: $X_VAR\n' },
  near_miss: { file: '.gitlab-ci.yml', text: 'a: $X_VARS\n' },
} as const;
const register = {
  settings: { base_url: 'https://p', config_dir: '.gitlab', site_url: 'https://s/' },
  entries: [
    makeEntry({ id: 'with-rule', removed_in: '17.0', detect: [rule] }),
    makeEntry({ id: 'before-range', removed_in: '16.0' }),
    makeEntry({ id: 'self-managed', removed_in: '17.0', offerings: ['self-managed'] }),
    makeEntry({
      id: 'imported',
      removed_in: '17.0',
      origin: 'imported',
      sources: [{ file: 'd.yml', item: 0, documentation_url: 'https://doc/x', resolution_role: 'Owner', manual_task: false }],
    }),
  ],
};

describe('checkByHand', () => {
  it('lists the entries a range reports that no rule can find, with the platform’s facts where there are any', () => {
    expect(checkByHand(register, { from: '16.0', to: '17.0' })).toEqual([
      { id: 'self-managed', title: 'Change self-managed', removedIn: '17.0', url: 'https://s/register/self-managed/' },
      {
        id: 'imported',
        title: 'Change imported',
        removedIn: '17.0',
        url: 'https://s/register/imported/',
        platform: {
          imported: true,
          links: [{ label: 'documentation', href: 'https://doc/x' }],
          resolutionRole: 'Owner',
          manualTask: false,
        },
      },
    ]);
    expect(checkByHand(register, { from: '16.0', to: '17.0', offering: 'hosted' }).map((item) => item.id)).toEqual(['imported']);
  });
});
