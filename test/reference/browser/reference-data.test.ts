import { describe, expect, it } from 'vitest';
import {
  buildReferenceData,
  buildReferenceRepositories,
  fixtureRepositories,
  readReferenceData,
  readReferenceRepositories,
} from '../../../src/reference/browser/reference-data.ts';
import { loadRegister } from '../../../src/register/index.ts';

describe('the reference data the site publishes', () => {
  it('keeps only the entries with enforcement rules, and repositories as plain objects', async () => {
    const register = await loadRegister();
    const data = buildReferenceData({
      entries: register.entries,
      releases: register.releases,
      endpoints: register.endpoints,
      limits: register.limits,
      siteUrl: 'https://sunset.example.com',
      configDir: '.gitlab',
      repositories: { 1: new Map([['.gitlab/analytics/funnels/a.yaml', 'name: a']]) },
    });
    expect(data.register.entries.map((entry) => entry.id)).toContain('runner-registration-token-removed');
    expect(data.register.entries.every((entry) => entry.enforcement !== undefined)).toBe(true);
    expect(data.register.entries.length).toBeLessThan(register.entries.length);
    // Only what the reference reads of an entry: prose and detection rules are for the pages and the checker.
    expect(data.register.entries.every((entry) => !('title' in entry) && !('detect' in entry))).toBe(true);
    expect(data.register.endpoints).toHaveLength(register.endpoints.length);
    // Only routes: the pages' prose (titles, parameters, responses) stays out of the browser's first request.
    expect(data.register.endpoints).toContainEqual({ id: 'ci-lint', method: 'GET', path: '/api/v4/projects/{id}/ci/lint' });
    expect(data.register.endpoints.every((endpoint) => Object.keys(endpoint).join() === 'id,method,path')).toBe(true);
    expect(data.register.limits).toContainEqual({ id: 'raw-export-rows-maximum', number: 50000 });
    expect(data.register.limits.every((limit) => typeof limit.number === 'number')).toBe(true);
    const published = readReferenceData(JSON.parse(JSON.stringify(data)), '/reference-data.json');
    expect(fixtureRepositories(published)[1]?.get('.gitlab/analytics/funnels/a.yaml')).toBe('name: a');
  });

  it('publishes the repositories apart, and the data without them, so a console does not load them', () => {
    const repositories = { 1: new Map([['.gitlab/analytics/funnels/a.yaml', 'name: a']]) };
    const document = readReferenceRepositories(
      JSON.parse(JSON.stringify(buildReferenceRepositories(repositories))),
      '/reference-repositories.json',
    );
    expect(document.repositories).toEqual({ 1: { '.gitlab/analytics/funnels/a.yaml': 'name: a' } });
    expect(() => readReferenceRepositories({ schema_version: 2 }, '/reference-repositories.json')).toThrow(
      '/reference-repositories.json: expected fixture repositories with schema_version 1, got 2; rebuild the site',
    );
    const withoutRepositories = {
      schema_version: 1,
      register: { entries: [], releases: [], endpoints: [], settings: { site_url: '' }, limits: [] },
      config_dir: '.gitlab',
    };
    expect(fixtureRepositories(readReferenceData(withoutRepositories, '/reference-data.json'))).toEqual({});
  });

  it('refuses a document of another version with a message that says to rebuild', () => {
    expect(() => readReferenceData({ schema_version: 2 }, '/reference-data.json')).toThrow(
      '/reference-data.json: expected reference data with schema_version 1, got 2; rebuild the site',
    );
  });
});
