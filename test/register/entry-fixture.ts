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
