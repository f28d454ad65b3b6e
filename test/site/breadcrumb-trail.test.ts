import { describe, expect, it } from 'vitest';
import { breadcrumbTrail } from '../../src/site/breadcrumb-trail.ts';

const SECTIONS = [
  ['/register/', 'Register'],
  ['/releases/', 'Releases'],
  ['/guides/', 'Guides'],
] as const;

describe('breadcrumb trail', () => {
  it('gives the home page none', () => {
    expect(breadcrumbTrail('/', SECTIONS)).toEqual([]);
  });

  it('leads a section’s own page from home only', () => {
    expect(breadcrumbTrail('/releases/', SECTIONS)).toEqual([{ href: '/', label: 'Home' }]);
  });

  it('leads a page in a section through the section, with or without the trailing slash', () => {
    const trail = [
      { href: '/', label: 'Home' },
      { href: '/releases/', label: 'Releases' },
    ];
    expect(breadcrumbTrail('/releases/18.0/', SECTIONS)).toEqual(trail);
    expect(breadcrumbTrail('/releases/18.0', SECTIONS)).toEqual(trail);
  });

  it('skips folders that are no section of the site', () => {
    expect(breadcrumbTrail('/try/errors/', SECTIONS)).toEqual([{ href: '/', label: 'Home' }]);
    expect(breadcrumbTrail('/guides/deep/page/', SECTIONS)).toEqual([
      { href: '/', label: 'Home' },
      { href: '/guides/', label: 'Guides' },
    ]);
  });
});
