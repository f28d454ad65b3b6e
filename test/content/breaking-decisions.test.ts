import { beforeAll, describe, expect, it } from 'vitest';
import { loadRegister, type Register } from '../../src/register/index.ts';
import type { RegisterEntry } from '../../src/schemas/register-entry.ts';
import { type Sources, specSources } from './spec-sources.ts';
import { specText } from './spec-text.ts';

/**
 * Breaking flags re-read against the spec's words, each decision with its reason written on the entry. A
 * flag is Sunset's reading; where the text does not say that something which worked stops, the entry is
 * not breaking and its note says why, a non-breaking entry's migration may not concede a break, and two
 * changes the spec words alike are flagged alike unless a note says why not.
 */
const DECISIONS: [id: string, breaking: boolean, reason: RegExp][] = [
  ['registry-notifications-threshold-replaced-by-maxretries', false, /never says a configuration that still sets it is refused/],
  ['dast-zap-log-configuration-removed', false, /changes how a scan logs, not whether it runs/],
  ['dast-zap-cli-options-removed', true, /unlike `DAST_ZAP_LOG_CONFIGURATION` on the same line .* no longer runs as configured/],
  ['license-list-removed', false, /nothing that runs reads it/],
  ['chat-and-third-party-integrations-removed', false, /"removed or moved" without saying which/],
  ['registry-storage-trim-legacy-root-prefix-default', false, /gives the new default only/],
  ['hosted-deletion-retention-seven-days', false, /gives the 7-day period but not the one before it/],
  ['graphql-ci-runner-projects-default-sort-id-desc', false, /changes only the default order/],
];

/** Words of a migration that say existing use breaks. */
const CONCEDES_A_BREAK =
  /\b(?:fails?|stops? working|no longer works?|breaks?|relies on the (?:previous|old)|relied on|(?:that|which|who) (?:relies|rely|depends?) on|if (?:a|your) \w+ (?:relies|depends) on)\b/i;

/** How a note says why an entry is or is not flagged. */
const DECISION_NOTE =
  /(?:^|\. )(?:Not marked breaking|Marked breaking)\b|\bwe do not mark (?:its removal|the change) breaking\b/i;

const noteOf = (entry: RegisterEntry | undefined) => entry?.note?.replace(/\s+/g, ' ') ?? '';

let register: Register;
let sources: Sources;
beforeAll(async () => {
  register = await loadRegister();
  sources = specSources(specText());
});

describe('breaking flags, re-read', () => {
  it.each(DECISIONS)('%s is breaking: %s, with its reason in the note', (id, breaking, reason) => {
    const entry = register.entry(id);
    expect(entry?.breaking).toBe(breaking);
    expect(noteOf(entry)).toMatch(breaking ? /Marked breaking/ : /Not marked breaking: /);
    expect(noteOf(entry)).toMatch(reason);
  });

  it('lets no non-breaking entry’s migration concede a break (a deprecation’s speaks of its later removal)', () => {
    const conceding = register.entries.filter(
      (entry) => !entry.breaking && entry.kind !== 'deprecation' && CONCEDES_A_BREAK.test(entry.migration.replace(/\s+/g, ' ')),
    );
    expect(conceding.map((entry) => entry.id)).toEqual([]);
    for (const words of [
      'If your stored data relies on the previous root-prefix behaviour, set it.',
      'Plan restores within 7 days, and drop any process that relied on a different retention period.',
      'If a client depends on ascending order, ask for it explicitly.',
      'Move notifications and automation that depend on the affected integrations.',
    ])
      expect(CONCEDES_A_BREAK.test(words), words).toBe(true);
    expect(CONCEDES_A_BREAK.test('Remove it from scripts, and rely on other limits to bound pipeline load.')).toBe(false);
  });

  it('says on every entry that is not breaking, other than a deprecation, why not, where the site shows it', () => {
    const silent = register.entries.filter(
      (entry) => !entry.breaking && entry.kind !== 'deprecation' && !DECISION_NOTE.test(noteOf(entry)),
    );
    expect(silent.map((entry) => entry.id)).toEqual([]);
    expect(DECISION_NOTE.test('The flag is gone. Not marked breaking: nothing ran on it.')).toBe(true);
    expect(DECISION_NOTE.test('No detection rule is given.')).toBe(false);
  });

  it('flags alike two changes of one kind that the spec words alike, or says on each why not', () => {
    const key = (entry: RegisterEntry) => `${entry.kind} ${[...(sources.clausesById.get(entry.id) ?? [])].sort().join(' || ')}`;
    const groups = new Map<string, RegisterEntry[]>();
    for (const entry of register.entries) groups.set(key(entry), [...(groups.get(key(entry)) ?? []), entry]);
    const split = [...groups.values()].filter((group) => new Set(group.map((entry) => entry.breaking)).size > 1);
    expect(split.map((group) => group.map((entry) => entry.id).sort())).toEqual([
      ['dast-zap-cli-options-removed', 'dast-zap-log-configuration-removed'],
    ]);
    const unexplained = split.flat().filter((entry) => !DECISION_NOTE.test(noteOf(entry)));
    expect(unexplained.map((entry) => entry.id)).toEqual([]);
  });
});
