import { describe, expect, it } from 'vitest';
import { readOfferings } from '../../src/import/offerings-reading.ts';

describe('readOfferings', () => {
  it.each([
    ['This applies to GitLab Self-Managed only.', ['self-managed']],
    ['This change applies to GitLab.com only; others keep their default.', ['hosted']],
    ['Only on GitLab Self-Managed and GitLab Dedicated can an administrator allow it.', ['self-managed', 'dedicated']],
    ['This applies to GitLab Dedicated only.', ['dedicated']],
    ['Update dashboards. Offering: GitLab Self-Managed', ['self-managed']],
    ['**Offering:** GitLab.com, GitLab Self-Managed', ['hosted', 'self-managed']],
  ])('restricts offerings where the text says "%s"', (body, offerings) => {
    const reading = readOfferings('A title', body);
    expect(reading.offerings).toEqual(offerings);
    expect(reading.basis).toMatch(/^the text says "/);
  });

  it('restricts offerings where every tier is a plan of one offering', () => {
    expect(readOfferings('t', 'b', ['Silver', 'Gold'])).toEqual({
      offerings: ['hosted'],
      basis: 'the tiers (Silver, Gold) are plans of the hosted offering only',
    });
    expect(readOfferings('t', 'b', ['Core', 'Starter']).offerings).toEqual(['self-managed']);
  });

  it('lists every offering, and says so, where the item does not say', () => {
    for (const [body, tiers] of [
      ['Self-managed users keep their default while GitLab.com moves first.', []],
      ['Nothing about offerings.', ['Free', 'Premium', 'Ultimate']],
      ['b', ['Silver', 'Premium']],
    ] as const) {
      expect(readOfferings('t', body, tiers)).toEqual({
        offerings: ['hosted', 'self-managed', 'dedicated'],
        basis: 'the item does not say which offerings it applies to, so every offering is listed',
      });
    }
  });
});

describe('readOfferings from the field and the title', () => {
  it('takes the impact_offering field as the platform states it, before any reading of the text', () => {
    expect(readOfferings('Redis 6 is no longer supported', 'Every offering moves.', [], ['self-managed'])).toEqual({
      offerings: ['self-managed'],
      basis: 'the item\'s impact_offering field says "self-managed"',
    });
    expect(readOfferings('t', 'b', [], ['GitLab.com', 'Dedicated']).offerings).toEqual(['hosted', 'dedicated']);
    // A value naming no offering is not a statement: the text is read instead.
    expect(readOfferings('t', 'This applies to GitLab Dedicated only.', [], ['n/a']).offerings).toEqual(['dedicated']);
  });

  it('reads a title that opens with an offering, but not one that opens with the hosted site’s name', () => {
    expect(readOfferings('GitLab Self-Managed: the bundled dashboard tool is removed', 'b')).toEqual({
      offerings: ['self-managed'],
      basis: 'the title opens with "GitLab Self-Managed"',
    });
    expect(readOfferings('GitLab.com importer is removed', 'b').offerings).toEqual(['hosted', 'self-managed', 'dedicated']);
  });

  it('reads "only self-managed instances must …" as self-managed', () => {
    expect(readOfferings('Redis 6', 'Only self-managed instances must migrate to Redis 7.').offerings).toEqual(['self-managed']);
  });

  it('reads the tiers as one offering only when every tier is a plan of it', () => {
    expect(readOfferings('A change', 'Words.', ['Core', 'Starter'])).toEqual({
      offerings: ['self-managed'],
      basis: 'the tiers (Core, Starter) are plans of the self-managed offering only',
    });
    expect(readOfferings('A change', 'Words.', ['Core', 'Premium']).offerings).toEqual(['hosted', 'self-managed', 'dedicated']);
  });
});
