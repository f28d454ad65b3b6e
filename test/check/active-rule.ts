import { type FixableRule, isFixable } from '../../src/check/fix-plan.ts';
import type { ActiveRule, Severity } from '../../src/findings/finding.ts';
import { detectRuleSchema } from '../../src/schemas/detect-rule.ts';

const sample = { file: 'x', text: 'x' };

/** A detection rule (given without its samples) ready to run as entry `id`, titled `<id> title`. */
export const activeRule = (id: string, rule: Record<string, unknown>, severity: Severity = 'error'): ActiveRule => ({
  index: 0,
  rule: detectRuleSchema.parse({ example: sample, near_miss: sample, ...rule }),
  severity,
  info: { id, title: `${id} title`, description: 'd', fix: `${id} fix`, helpUri: `https://s/register/${id}/` },
  message: `${id} title`,
});

/** A detection rule with a fix (given without its samples), as entry `entryId`'s fixable rule. */
export function fixableRule(entryId: string, rule: Record<string, unknown>): FixableRule {
  const parsed = detectRuleSchema.parse({ example: sample, near_miss: sample, ...rule });
  if (!isFixable(parsed)) throw new Error('rule has no fix');
  return { entryId, rule: parsed };
}
