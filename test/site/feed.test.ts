import { describe, expect, it } from 'vitest';
import { buildFeed } from '../../src/site/feed.ts';
import { makeEntry } from './entry-fixture.ts';

const entries = [
  makeEntry({ id: 'older', title: 'Older <change>', removed_in: '16.0' }),
  makeEntry({ id: 'newer', title: 'Newer change', kind: 'rename', from: ['a'], to: ['b'], breaking: false }),
];
const options = {
  siteUrl: 'https://docs.example.com/',
  updated: new Map([
    ['older', new Date('2024-01-01T00:00:00Z')],
    ['newer', new Date('2024-03-01T00:00:00Z')],
  ]),
  fallback: new Date('2020-01-01T00:00:00Z'),
};

describe('buildFeed', () => {
  it('writes one Atom entry per register entry, newest change first', () => {
    const xml = buildFeed(entries, options);
    expect(xml.match(/<entry>/g)).toHaveLength(2);
    expect(xml.indexOf('/register/newer/')).toBeLessThan(xml.indexOf('/register/older/'));
    expect(xml).toContain('<updated>2024-03-01T00:00:00.000Z</updated>\n  <author>');
    expect(xml).toContain('<id>https://docs.example.com/register/older/</id>');
    expect(xml).toContain('<category term="breaking"/>');
  });

  it('escapes text and carries the rendered summary and migration as HTML content', () => {
    const xml = buildFeed(entries, options);
    expect(xml).toContain('<title>16.0: Older &lt;change&gt;</title>');
    expect(xml).toContain('&lt;code&gt;SAMPLE&lt;/code&gt;');
    expect(xml).toContain('What to do');
    expect(xml).not.toContain('<change>');
  });

  it("gives a title's inline Markdown as text: no backticks in a feed reader's list", () => {
    const xml = buildFeed([makeEntry({ id: 'coded', title: 'The `user_email_lookup_limit` setting is **removed**' })], options);
    expect(xml).toContain('<title>17.0: The user_email_lookup_limit setting is removed</title>');
  });

  it('is a valid feed with no entries', () => {
    const xml = buildFeed([], options);
    expect(xml).toContain('<updated>2020-01-01T00:00:00.000Z</updated>');
    expect(xml).not.toContain('<entry>');
  });
});
