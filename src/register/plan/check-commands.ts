import type { RegisterEntry } from '../../schemas/register-entry.ts';

// The package's name, not the command's: outside a project that has it installed, `npx sunset` would ask
// the registry for a different package called sunset.

/** The command that runs the rules of one entry. */
export function entryCheckCommand(entry: Pick<RegisterEntry, 'id' | 'removed_in'>): string {
  return `npx sunset-register check . --to ${entry.removed_in} --rule ${entry.id}`;
}

/** The command that checks a repository for a whole upgrade. */
export function rangeCheckCommand(input: { from: string; to: string; offering?: string }): string {
  return `npx sunset-register check . --from ${input.from} --to ${input.to}${input.offering ? ` --offering ${input.offering}` : ''}`;
}
