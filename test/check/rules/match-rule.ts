import { analyzeFile } from '../../../src/check/file/analyzed-file.ts';
import { fileKind } from '../../../src/check/file/file-kind.ts';
import { compileRule } from '../../../src/check/rules/compile-rule.ts';
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
  return matcher.match(analyzed).map((match) => {
    const { line, column } = analyzed.source.position(match.offset);
    return `${line}:${column} ${match.text}`;
  });
}

/** The anchor a rule is prefiltered on. */
export function anchorOf(rule: Record<string, unknown>): string | undefined {
  return compileRule(detectRuleSchema.parse({ example: sample, near_miss: sample, ...rule }), { configDir: '.gitlab' }).anchor;
}
