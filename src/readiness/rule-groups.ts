import { FIELD, FIELDS, type FindingBlock } from './finding-block.ts';

/** A report's findings by rule, as its project's section and the entry pages show them. */
export interface RuleGroup {
  /** Index into the block's rule ids. */
  rule: number;
  id: string;
  errors: number;
  /** Offsets of the rule's findings' rows in the block's data, in report order. */
  rows: number[];
}

/** The findings of a block by rule: the rules with most errors first (then by id), each in report order. */
export function ruleGroups(block: FindingBlock): RuleGroup[] {
  const groups = new Map<number, RuleGroup>();
  const { data } = block;
  for (let at = 0; at < data.length; at += FIELDS) {
    const rule = data[at + FIELD.rule] as number;
    let group = groups.get(rule);
    if (!group) {
      group = { rule, id: block.rules[rule] as string, errors: 0, rows: [] };
      groups.set(rule, group);
    }
    group.rows.push(at);
    if (data[at + FIELD.error]) group.errors++;
  }
  return [...groups.values()].sort((a, b) => b.errors - a.errors || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
