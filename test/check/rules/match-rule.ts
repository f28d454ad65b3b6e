import { analyzeFile } from '../../../src/check/file/analyzed-file.ts';
import { fileKind } from '../../../src/check/file/file-kind.ts';
import { compileRule } from '../../../src/check/rules/compile-rule.ts';
import { anchorStands, anchorsOf } from '../../../src/check/rules/matcher.ts';
import { detectRuleSchema } from '../../../src/schemas/detect-rule.ts';

const sample = { file: 'x', text: 'x' };

/**
 * Runs one rule (given without its samples) on one file and returns `line:column text` for each match,
 * leaving out matches the file kind does not allow, as the engine does.
 */
export function matchRule(rule: Record<string, unknown>, file: string, text: string): string[] {
  const parsed = detectRuleSchema.parse({ example: sample, near_miss: sample, ...rule });
  const matcher = compileRule(parsed, { configDir: '.gitlab' });
  const analyzed = analyzeFile(file, file, text, fileKind(file, { configDir: '.gitlab' }));
  if (!matcher.applies(analyzed.kind, file)) return [];
  const matches = matcher.match(analyzed);
  // The prefilter's promise, held by every match a test finds: the file holds one of the rule's anchors, or the
  // rule reads it whatever it holds (by its name), or the rule has no anchor.
  const anchors = anchorsOf(matcher);
  const readAnyway = matcher.fileNames?.includes(file.slice(file.lastIndexOf('/') + 1)) ?? false;
  if (matches.length > 0 && anchors.length > 0 && !readAnyway && !anchors.some((anchor) => text.includes(anchor)))
    throw new Error(
      `the rule matched ${file} but the file holds none of its anchors (${anchors.join(', ')}): the prefilter would pass over it`,
    );
  // And the rule's word edges: a rule that says no word character joins its anchor in a match holds one so.
  const edges = matcher.anchorEdges;
  if (matches.length > 0 && edges && !readAnyway && !anchors.some((anchor) => anchorStands(text, anchor, edges)))
    throw new Error(
      `the rule matched ${file} but none of its anchors (${anchors.join(', ')}) stands there with its edges (${edges}): the engine would skip the rule`,
    );
  return matches.map((match) => {
    const { line, column } = analyzed.source.position(match.offset);
    return `${line}:${column} ${match.text}`;
  });
}

/** The anchor a rule is prefiltered on. */
export function anchorOf(rule: Record<string, unknown>): string | undefined {
  return compileRule(detectRuleSchema.parse({ example: sample, near_miss: sample, ...rule }), { configDir: '.gitlab' }).anchor;
}
