import type { z } from 'zod';
import type { ciVariableUnsetRuleSchema } from '../../schemas/detect-rule.ts';
import type { AnalyzedFile } from '../file/analyzed-file.ts';
import { variableDefinitions } from './ci-variable.ts';
import { escapeRegExp, findAll, type Matcher } from './matcher.ts';

type CiVariableUnsetRule = z.output<typeof ciVariableUnsetRuleSchema>;

/**
 * A variable left unset where a feature is used: in a CI configuration file where one of `when` appears
 * outside comments and no `variables:` map defines `name`, one match at the first `when`. A file that
 * sets the variable to anything has made its choice and is not reported, and neither is any file of a
 * repository whose CI configuration sets it elsewhere (a file included locally, say).
 */
export function ciVariableUnsetMatcher(rule: CiVariableUnsetRule): Matcher {
  const uses = new RegExp(rule.when.map(escapeRegExp).join('|'), 'dg');
  const sets = (file: AnalyzedFile) =>
    file.source.text.includes(rule.name) && variableDefinitions(file, { name: rule.name }).length > 0;
  return {
    // With one literal the prefilter can skip files without it; with several the rule reads every CI file.
    anchor: rule.when.length === 1 ? rule.when[0] : undefined,
    applies: (kind) => kind === 'ci-yaml',
    match(file) {
      // The engine does not match a file that settles the rule, but the matcher holds alone too.
      const first = findAll(file, uses)[0];
      if (!first || sets(file)) return [];
      return [{ offset: first.offset, text: `${first.text} without ${rule.name}` }];
    },
    settledElsewhere: { key: `variable ${rule.name}`, settles: sets },
  };
}
