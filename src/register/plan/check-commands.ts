import type { RegisterEntry } from '../../schemas/register-entry.ts';

/** The command that runs the rules of one entry. */
export function entryCheckCommand(entry: Pick<RegisterEntry, 'id' | 'removed_in'>): string {
  return `npx sunset check . --to ${entry.removed_in} --rule ${entry.id}`;
}

/** The command that checks a repository for a whole upgrade. */
export function rangeCheckCommand(input: { from: string; to: string; offering?: string }): string {
  return `npx sunset check . --from ${input.from} --to ${input.to}${input.offering ? ` --offering ${input.offering}` : ''}`;
}
