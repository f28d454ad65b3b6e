import type { RegisterData } from '../../src/register/load.ts';
import { type RegisterEntry, type RegisterEntryInput, registerEntrySchema } from '../../src/schemas/register-entry.ts';

/** A valid register entry for tests: a non-breaking removal in area `ci` for every offering, unless told otherwise. */
export function makeEntry(fields: Partial<RegisterEntryInput> & Pick<RegisterEntryInput, 'id' | 'removed_in'>): RegisterEntry {
  return registerEntrySchema.parse({
    title: `Change ${fields.id}`,
    area: 'ci',
    kind: 'removal',
    breaking: false,
    offerings: ['hosted', 'self-managed', 'dedicated'],
    summary: 'Something changes.',
    migration: 'Do something else.',
    ...(fields.breaking ? { breaking_reason: `Uses of ${fields.id} stop working.` } : {}),
    ...fields,
  });
}

/**
 * Register data for tests: the given entries and releases (as release names), no endpoints, limits, errors,
 * flags or SDKs, one area `ci` and example settings unless told otherwise.
 */
export function registerData(
  parts: Omit<Partial<RegisterData>, 'releases'> & Pick<RegisterData, 'entries'> & { releases: readonly string[] },
): RegisterData {
  return {
    areas: [{ id: 'ci', title: 'CI/CD pipelines', description: 'd' }],
    endpoints: [],
    limits: [],
    errors: [],
    flags: { beta_since: '0.0', flags: [] },
    sdks: [],
    settings: { base_url: 'https://platform.example.com', config_dir: '.gitlab', site_url: 'https://sunset.example.com/' },
    sources: new Map(),
    ...parts,
    releases: parts.releases.map((release) => ({ release })),
  };
}
