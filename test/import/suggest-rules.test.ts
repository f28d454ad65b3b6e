import { describe, expect, it } from 'vitest';
import { createEngine } from '../../src/check/engine/engine.ts';
import type { ActiveRule } from '../../src/findings/finding.ts';
import { codeIdentifiers } from '../../src/import/code-identifiers.ts';
import { readItems } from '../../src/import/read-items.ts';
import { suggestRule, suggestRules } from '../../src/import/suggest-rules.ts';
import { type DetectRule, detectRuleSchema } from '../../src/schemas/detect-rule.ts';
import { fixtureFiles } from './fixture-data.ts';

/** Runs one rule alone, through the prefilter and the engine, on one sample file (as the register's rules are tested). */
function findings(rule: DetectRule, sample: { file: string; text: string }) {
  const info = { id: 'candidate', title: 'candidate', description: 'd', fix: 'f', helpUri: 'https://s/' };
  const active: ActiveRule = { index: 0, rule, severity: 'error', info, message: 'candidate' };
  const engine = createEngine([active], { configDir: '.gitlab' });
  const anchors = engine.prefilter.anchorsIn(Buffer.from(sample.text));
  return engine.checkText({ path: sample.file, rootPath: sample.file }, sample.text, anchors).findings;
}

const suggestions = readItems(fixtureFiles()).items.flatMap(({ item }) =>
  suggestRules(codeIdentifiers(item.title, item.body)).map((suggestion) => ({ item: item.file, ...suggestion })),
);

describe('suggested detect: blocks', () => {
  it('cover every kind the bodies show in code', () => {
    expect(new Set(suggestions.map(({ rule }) => rule.kind))).toEqual(
      new Set(['ci-variable', 'rest', 'graphql', 'cli-flag', 'text']),
    );
    expect(suggestions.length).toBeGreaterThan(20);
  });

  it.each(
    suggestions.map(
      (suggestion) => [`${suggestion.item}: ${suggestion.rule.kind} ${suggestion.identifier.name}`, suggestion] as const,
    ),
  )('%s is a valid rule that finds its example and not its near miss', (_name, { rule }) => {
    expect(detectRuleSchema.parse(rule)).toEqual(rule);
    const found = findings(rule, rule.example);
    expect(found.filter((finding) => finding.ruleId === 'parse-error')).toEqual([]);
    expect(found.filter((finding) => finding.ruleId === 'candidate').length).toBeGreaterThan(0);
    expect(findings(rule, rule.near_miss).filter((finding) => finding.ruleId === 'candidate')).toEqual([]);
  });

  it('are none for replacements, a type named only as a field’s parent, or a flag without its command', () => {
    const identifiers = codeIdentifiers(
      'GraphQL fields',
      'Use `NEW_VAR` instead of `OLD_VAR`. `CiRunner.revision` goes. Pass `--alone` no more.',
    );
    expect(suggestRules(identifiers).map(({ identifier }) => identifier.name)).toEqual(['OLD_VAR', 'revision']);
    expect(suggestRule({ kind: 'cli-flag', name: '--alone' })).toBeUndefined();
  });
});
