import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { fileKind } from '../../src/check/file/file-kind.ts';
import { blankTemplateActions } from '../../src/check/file/go-template.ts';
import { type FixableRule, fixText, isFixable, ruleSubject } from '../../src/check/fix-plan.ts';
import { activeRules } from '../../src/findings/active-rules.ts';
import type { Finding } from '../../src/findings/finding.ts';
import { cases, checkCase, layout, type RealShapeCase, range, register } from './real-shape-cases.ts';

const fixable: FixableRule[] = activeRules(register, range).flatMap(({ info, rule }) =>
  isFixable(rule) ? [{ entryId: info.id, rule }] : [],
);
const fixableIds = new Set(fixable.map((item) => item.entryId));

/** Fixes a text as `sunset fix` does: with the fixable rules of the entries the check found in it. */
function fix(item: RealShapeCase, text: string, findings: readonly Finding[]) {
  const ids = new Set(findings.map((finding) => finding.ruleId));
  return fixText(
    item.expectation.file,
    text,
    fixable.filter((rule) => ids.has(rule.entryId)),
    layout,
  );
}

/** Whether YAML loads as a strict loader reads it: no error, no repeated key (Helm templates read with their actions blanked). */
function loads(text: string): boolean {
  const documents = parseAllDocuments(text, { uniqueKeys: true });
  return Array.isArray(documents) && documents.every((document) => document.errors.length === 0);
}

/** The offset of a finding's line and column in a text. */
function offsetOf(text: string, finding: Finding): number {
  let at = 0;
  for (let line = 1; line < finding.line; line++) at = text.indexOf('\n', at) + 1;
  return at + finding.column - 1;
}

/** The longest subject of an entry's fixable rules: how many characters past a finding a fix may change (a quote more). */
const reach = new Map<string, number>();
for (const { entryId, rule } of fixable)
  reach.set(entryId, Math.max(reach.get(entryId) ?? 0, (ruleSubject(rule) ?? '').length + 1));

/**
 * Whether `after` is `before` with only bytes inside the spans changed: every stretch between spans is found
 * again, in order, around the replaced spans.
 */
function changedOnlyWithin(before: string, after: string, spans: readonly [number, number][]): boolean {
  const sorted = [...spans].sort((a, b) => a[0] - b[0]);
  const kept: string[] = [];
  let from = 0;
  for (const [start, end] of sorted) {
    if (start < from) continue;
    kept.push(before.slice(from, start));
    from = end;
  }
  kept.push(before.slice(from));
  if (kept.length === 1) return after === before;
  if (!after.startsWith(kept[0] as string) || !after.endsWith(kept.at(-1) as string)) return false;
  let at = (kept[0] as string).length;
  for (const stretch of kept.slice(1, -1)) {
    const found = after.indexOf(stretch, at);
    if (found === -1) return false;
    at = found + stretch.length;
  }
  return at <= after.length - (kept.at(-1) as string).length;
}

const fixed = cases.map((item) => {
  const findings = checkCase(item).filter((finding) => fixableIds.has(finding.ruleId));
  const first = fix(item, item.raw, findings);
  return { item, findings, first };
});

describe('sunset fix over the real-shape fixtures', () => {
  it('changes some of them, and holds some back', () => {
    expect(fixed.filter(({ first }) => first.edits.length > 0).length).toBeGreaterThanOrEqual(15);
    expect(fixed.filter(({ first }) => first.held.length > 0).length).toBeGreaterThanOrEqual(2);
  });

  it.each(fixed.map((entry) => [entry.item.id, entry] as const))(
    '%s: never breaks the file',
    (_id, { item, findings, first }) => {
      const kind = fileKind(item.expectation.file, layout);
      // YAML that loaded before still loads.
      if (kind === 'yaml' || kind === 'ci-yaml') {
        const read = (text: string) => (text.includes('{{') ? blankTemplateActions(text) : text);
        if (loads(read(item.raw))) expect(loads(read(first.text)), 'the fixed YAML loads').toBe(true);
      }
      // The only changed bytes lie inside the findings' spans (the byte order mark is outside every span and kept).
      const bom = item.raw.length - item.text.length;
      const spans = findings.map((finding): [number, number] => {
        const start = bom + offsetOf(item.text, finding);
        return [start, start + (reach.get(finding.ruleId) ?? 0)];
      });
      expect(changedOnlyWithin(item.raw, first.text, spans), 'changed bytes lie inside findings').toBe(true);
      // A second fix changes nothing.
      const again = checkCase(item, first.text.replace(/^\uFEFF/, '')).filter((finding) => fixableIds.has(finding.ruleId));
      const second = fix(item, first.text, again);
      expect(second.text, 'a second fix changes nothing').toBe(first.text);
      // The check finds no fixable finding left, except those held back for a hand fix (and those a rule without a fix reports).
      const heldLines = new Set(first.held.flatMap((held) => held.lines.map((line) => `${held.entryId}:${line}`)));
      const stillFixable = again.filter((finding) => !heldLines.has(`${finding.ruleId}:${finding.line}`));
      const editable = fix(item, first.text, stillFixable);
      expect(editable.edits, 'nothing fixable is left').toEqual([]);
    },
  );
});
