import { type RegisterEntry, type RegisterEntryInput, registerEntrySchema } from '../../src/schemas/register-entry.ts';

/** A valid register entry with readable defaults; override what a test is about. */
export function makeEntry(overrides: Partial<RegisterEntryInput> = {}): RegisterEntry {
  return registerEntrySchema.parse({
    id: 'sample-entry',
    title: 'A sample change',
    area: 'ci',
    kind: 'removal',
    removed_in: '17.0',
    breaking: true,
    offerings: ['hosted', 'self-managed', 'dedicated'],
    summary: 'The `SAMPLE` variable is removed.',
    migration: 'Use `OTHER` instead.',
    ...(overrides.breaking === false ? {} : { breaking_reason: 'Jobs that read `SAMPLE` no longer get a value.' }),
    ...overrides,
  });
}
