import { describe, expect, it } from 'vitest';
import { createRegister } from '../../src/register/register.ts';
import type { ApiEndpoint } from '../../src/schemas/api-endpoint.ts';
import { makeEntry, registerData } from './entry-fixture.ts';

const data = registerData({
  entries: [
    makeEntry({ id: 'in-16-9', removed_in: '16.9', names: { variables: ['OLD_VAR'] } }),
    makeEntry({ id: 'in-16-10', removed_in: '16.10', area: 'tokens', breaking: true, endpoints: ['jwks'] }),
    makeEntry({ id: 'in-17-0', removed_in: '17.0', offerings: ['self-managed'], names: { fields: ['OLD_VAR'] } }),
    makeEntry({ id: 'in-18-0', removed_in: '18.0', area: 'tokens' }),
  ],
  areas: [],
  releases: ['15.4', '16.9', '16.10', '17.0', '18.0'],
  flags: { beta_since: '16.7', flags: [] },
  settings: { base_url: 'https://platform.example.com', config_dir: '.gitlab', site_url: 'https://sunset.example.com' },
});
const register = createRegister(data);
const ids = (entries: { id: string }[]) => entries.map((found) => found.id);

describe('the register', () => {
  it('orders entries newest removal first, numerically, breaking first within a release', () => {
    expect(ids(register.entries)).toEqual(['in-18-0', 'in-17-0', 'in-16-10', 'in-16-9']);
    expect(register.entryReleases()).toEqual(['18.0', '17.0', '16.10', '16.9']);
  });

  it('finds entries by id, area, release, endpoint and exact name', () => {
    expect(register.entry('in-17-0')?.removed_in).toBe('17.0');
    expect(register.entry('nothing')).toBeUndefined();
    expect(ids(register.byArea('tokens'))).toEqual(['in-18-0', 'in-16-10']);
    expect(ids(register.byRelease('16.10'))).toEqual(['in-16-10']);
    expect(ids(register.byEndpoint('jwks'))).toEqual(['in-16-10']);
    expect(register.byName('OLD_VAR').map((hit) => `${hit.entry.id}:${hit.category}`)).toEqual([
      'in-17-0:fields',
      'in-16-9:variables',
    ]);
    expect(register.byName('old_var')).toEqual([]);
  });

  it('answers removedBetween as the half-open range (from, to], by offering when asked', () => {
    expect(ids(register.removedBetween('16.9', '17.0'))).toEqual(['in-17-0', 'in-16-10']);
    expect(ids(register.removedBetween('16.9', '17.0', 'hosted'))).toEqual(['in-16-10']);
    expect(ids(register.removedBetween('17.0', '17.0'))).toEqual([]);
  });

  it('accepts releases whose major lies within the listed majors', () => {
    expect(register.knowsRelease('17.4')).toBe(true);
    expect(register.knowsRelease('15.0')).toBe(true);
    expect(register.knowsRelease('19.0')).toBe(false);
    expect(register.knowsRelease('seventeen')).toBe(false);
  });
});

describe('the register over data read on first use', () => {
  it('reads a field of the data only when the field itself is read', () => {
    const reads: string[] = [];
    const read = <T>(field: string, value: T) => {
      reads.push(field);
      return value;
    };
    const lazy = createRegister(
      Object.defineProperties(
        { ...data },
        {
          endpoints: { enumerable: true, get: () => read('endpoints', [{ id: 'jwks' } as ApiEndpoint]) },
          sources: { enumerable: true, get: () => read('sources', data.sources) },
        },
      ),
    );
    expect(ids(lazy.entries)).toEqual(ids(register.entries));
    expect(lazy.entry('in-16-9')?.removed_in).toBe('16.9');
    expect(reads).toEqual([]);
    expect(lazy.endpoint('jwks')?.id).toBe('jwks');
    expect(lazy.endpoint('jwks')?.id).toBe('jwks');
    expect(reads).toEqual(['endpoints']);
    expect(lazy.sources).toBe(data.sources);
    expect(reads).toEqual(['endpoints', 'sources']);
  });
});
