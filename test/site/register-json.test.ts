import { describe, expect, it } from 'vitest';
import { buildRegisterJson, buildReleaseJson, REGISTER_JSON_SCHEMA_VERSION } from '../../src/site/register-json.ts';
import { makeEntry } from './entry-fixture.ts';

describe('register JSON', () => {
  it('carries a schema version, every entry and each entry page URL', () => {
    const areas = [{ id: 'ci', title: 'CI', description: 'Pipelines.' }];
    const releases = [{ release: '17.0' }];
    const data = buildRegisterJson([makeEntry({ id: 'one' }), makeEntry({ id: 'two' })], {
      siteUrl: 'https://docs.example.com/',
      areas,
      releases,
    });
    expect(data.areas).toEqual(areas);
    expect(data.releases).toEqual(releases);
    expect(data.schema_version).toBe(REGISTER_JSON_SCHEMA_VERSION);
    expect(data.count).toBe(2);
    expect(data.entries[1]).toMatchObject({ id: 'two', url: 'https://docs.example.com/register/two/', removed_in: '17.0' });
  });

  it('counts breaking entries per release', () => {
    const data = buildReleaseJson('18.0', [makeEntry({ id: 'a', breaking: false }), makeEntry({ id: 'b' })], 'https://x.test');
    expect(data).toMatchObject({ schema_version: 1, release: '18.0', count: 2, breaking: 1 });
  });
});
