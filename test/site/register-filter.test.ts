import { describe, expect, it } from 'vitest';
import { filterToQuery, matchesFilter, parseFilter, rowFromDataset } from '../../src/site/register-filter.ts';

const row = { release: '17.0', area: 'tokens', kind: 'removal', breaking: true, offerings: ['hosted', 'self-managed'] };

describe('register filter', () => {
  it('reads known fields from the query and drops empty and invalid ones', () => {
    expect(parseFilter('?release=17.0&area=&kind=removal&breaking=maybe&colour=red')).toEqual({
      release: '17.0',
      kind: 'removal',
    });
  });

  it('writes the query in a stable field order and round-trips', () => {
    const query = filterToQuery({ offering: 'hosted', breaking: 'yes', area: 'tokens' });
    expect(query).toBe('?area=tokens&breaking=yes&offering=hosted');
    expect(parseFilter(query)).toEqual({ area: 'tokens', breaking: 'yes', offering: 'hosted' });
    expect(filterToQuery({})).toBe('');
  });

  it('matches a row only when every chosen field agrees', () => {
    expect(matchesFilter(row, {})).toBe(true);
    expect(matchesFilter(row, { release: '17.0', area: 'tokens', breaking: 'yes', offering: 'hosted' })).toBe(true);
    expect(matchesFilter(row, { release: '18.0' })).toBe(false);
    expect(matchesFilter(row, { breaking: 'no' })).toBe(false);
    expect(matchesFilter(row, { offering: 'dedicated' })).toBe(false);
    expect(matchesFilter(row, { kind: 'rename' })).toBe(false);
  });

  it('reads a row from the data attributes the list writes', () => {
    expect(
      rowFromDataset({ release: '18.0', area: 'ci', kind: 'rename', breaking: 'no', offerings: 'hosted dedicated' }),
    ).toEqual({ release: '18.0', area: 'ci', kind: 'rename', breaking: false, offerings: ['hosted', 'dedicated'] });
  });
});
