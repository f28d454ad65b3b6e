import { beforeAll, describe, expect, it } from 'vitest';
import { loadRegister, type Register } from '../../src/register/index.ts';

/**
 * Breaking flags re-read against the spec's words, each decision with its reason written on the entry. A
 * flag is Sunset's reading; where the text does not say that something which worked stops, the entry is
 * not breaking and its note says why, and a non-breaking entry's migration may not concede a break.
 */
const DECISIONS: [id: string, breaking: boolean, reason: RegExp][] = [
  ['registry-notifications-threshold-replaced-by-maxretries', false, /never says a configuration that still sets it is refused/],
  ['dast-zap-log-configuration-removed', false, /changes how a scan logs, not whether it runs/],
  ['license-list-removed', false, /nothing that runs reads it/],
  ['chat-and-third-party-integrations-removed', false, /"removed or moved" without saying which/],
  ['registry-storage-trim-legacy-root-prefix-default', false, /gives the new default only/],
];

/** Words of a migration that say existing use breaks. */
const CONCEDES_A_BREAK = /\b(?:fails?|stops? working|no longer works?|breaks?|relies on the (?:previous|old))\b/i;

let register: Register;
beforeAll(async () => {
  register = await loadRegister();
});

describe('breaking flags, re-read', () => {
  it.each(DECISIONS)('%s is breaking: %s, with its reason in the note', (id, breaking, reason) => {
    const entry = register.entry(id);
    expect(entry?.breaking).toBe(breaking);
    expect(entry?.note?.replace(/\s+/g, ' ')).toMatch(/Not marked breaking: /);
    expect(entry?.note?.replace(/\s+/g, ' ')).toMatch(reason);
  });

  it('lets no non-breaking entry’s migration concede a break', () => {
    const conceding = register.entries.filter((entry) => !entry.breaking && CONCEDES_A_BREAK.test(entry.migration));
    expect(conceding.map((entry) => entry.id)).toEqual([]);
    expect(CONCEDES_A_BREAK.test('If your stored data relies on the previous root-prefix behaviour, set it.')).toBe(true);
  });
});
