import type { DetectRule } from '../schemas/detect-rule.ts';
import type { CiLayout } from './file/file-kind.ts';
import { fixText, isFixable } from './fix-plan.ts';

/** One before/after pair of an entry page: a rule's own example and, where the rule has a fix, the example fixed. */
export interface BeforeAfterSample {
  /** The example's file path, which says what kind of file it is. */
  file: string;
  before: string;
  /** The example with the rule's fix applied by the same code as `sunset fix`; none without a mechanical fix. */
  after?: string;
}

/** How many samples an entry page shows, so an entry with many rules (one per metric) stays short. */
export const MAX_SAMPLES = 3;

/**
 * The before/after samples of an entry: one per detection rule, in rule order, leaving out repeated
 * examples, at most {@link MAX_SAMPLES}. `after` is computed, never written by hand, so it cannot drift
 * from what `sunset fix` does.
 */
export function beforeAfter(entryId: string, rules: readonly DetectRule[], layout: CiLayout): BeforeAfterSample[] {
  const samples: BeforeAfterSample[] = [];
  const seen = new Set<string>();
  for (const rule of rules) {
    const { file, text } = rule.example;
    const key = `${file}\0${text}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const sample: BeforeAfterSample = { file, before: text };
    if (isFixable(rule)) {
      const fixed = fixText(file, text, [{ entryId, rule }], layout);
      if (fixed.edits.length > 0) sample.after = fixed.text;
    }
    samples.push(sample);
    if (samples.length === MAX_SAMPLES) break;
  }
  return samples;
}
