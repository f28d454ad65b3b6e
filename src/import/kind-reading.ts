/**
 * What kind of change an imported item records. The platform's data has no kind field (every item is
 * listed under its removal milestone), so the kind is Sunset's reading of the item's words, always given
 * with the phrase it rests on:
 *
 * - `rename` when the title says renamed and the text pairs an old and a new name in code
 *   (`` `old` is renamed to `new` ``, `` from `old` to `new` ``);
 * - `behavior-change` when the title says something is changing, or names a default or a behaviour;
 * - `deprecation` when the text says the thing stays but is no longer maintained, or that no removal is set;
 * - `removal` otherwise: the item names the release it goes in.
 */
import type { EntryKind } from '../schemas/register-entry.ts';

/** The kind read, why, and for a rename its old and new names. */
export interface KindReading {
  kind: EntryKind;
  basis: string;
  from?: string[];
  to?: string[];
}

const RENAMED_TITLE = /\brenam(?:ed|ing|es?)\b/i;
const RENAME_PAIR =
  /`([^`\n]+)`\s+(?:is\s+|was\s+|will be\s+)?renamed\s+(?:to|as)\s+`([^`\n]+)`|\bfrom\s+`([^`\n]+)`\s+to\s+`([^`\n]+)`/gi;
const CHANGING_TITLE = /\b(?:is|are)\s+changing\b|\bwill\s+change\b|\bchanges?\s+(?:to|from|in)\b|\bdefault\b|\bbehaviou?r\b/i;
const STAYS =
  /\bno longer (?:be )?maintained\b|\bunmaintained\b|\bno removal (?:date|is) (?:set|planned)\b|\bnot (?:yet )?scheduled for removal\b/i;

/** The sentence-sized phrase around a match, for the basis. */
const phrase = (match: RegExpExecArray) => match[0].replace(/\s+/g, ' ').trim();

/** Reads an item's kind from its title and body. */
export function readKind(title: string, body: string): KindReading {
  if (RENAMED_TITLE.test(title)) {
    const from: string[] = [];
    const to: string[] = [];
    for (const match of `${title}\n${body}`.matchAll(RENAME_PAIR)) {
      const old = (match[1] ?? match[3]) as string;
      const now = (match[2] ?? match[4]) as string;
      if (!from.includes(old)) from.push(old);
      if (!to.includes(now)) to.push(now);
    }
    if (from.length > 0) {
      return { kind: 'rename', basis: `the title says renamed and the text pairs \`${from[0]}\` with \`${to[0]}\``, from, to };
    }
  }
  const changing = CHANGING_TITLE.exec(title);
  if (changing) return { kind: 'behavior-change', basis: `the title says "${phrase(changing)}"` };
  const stays = STAYS.exec(`${title}\n${body}`);
  if (stays) return { kind: 'deprecation', basis: `the text says "${phrase(stays)}"` };
  return { kind: 'removal', basis: 'the item names the release the thing goes in and no other kind of change' };
}
