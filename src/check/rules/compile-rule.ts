import type { DetectRule } from '../../schemas/detect-rule.ts';
import { apiClientMatcher } from './api-client.ts';
import { chartValueMatcher } from './chart-value.ts';
import { ciJobKeyUnsetMatcher } from './ci-job-key-unset.ts';
import { ciVariableMatcher } from './ci-variable.ts';
import { ciVariableUnsetMatcher } from './ci-variable-unset.ts';
import { cliFlagMatcher } from './cli-flag.ts';
import { configModuleMatcher } from './config-module.ts';
import { envVarMatcher } from './env-var.ts';
import { graphqlMatcher } from './graphql.ts';
import type { Matcher, MatcherEnv } from './matcher.ts';
import { omnibusSettingMatcher } from './omnibus-setting.ts';
import { restMatcher } from './rest.ts';
import { textMatcher } from './text.ts';
import { ciKeywordMatcher, yamlKeyMatcher } from './yaml-key.ts';

/** Compiles a detection rule into a matcher; one function per rule kind. */
export function compileRule(rule: DetectRule, env: MatcherEnv): Matcher {
  switch (rule.kind) {
    case 'ci-variable':
      return ciVariableMatcher(rule);
    case 'ci-variable-unset':
      return ciVariableUnsetMatcher(rule);
    case 'ci-job-key-unset':
      return ciJobKeyUnsetMatcher(rule);
    case 'ci-keyword':
      return ciKeywordMatcher(rule);
    case 'yaml-key':
      return yamlKeyMatcher(rule, env);
    case 'graphql':
      return graphqlMatcher(rule);
    case 'rest':
      return restMatcher(rule);
    case 'cli-flag':
      return cliFlagMatcher(rule);
    case 'text':
      return textMatcher(rule, env);
    case 'api-client':
      return apiClientMatcher(rule);
    case 'omnibus-setting':
      return omnibusSettingMatcher(rule);
    case 'chart-value':
      return chartValueMatcher(rule);
    case 'env-var':
      return envVarMatcher(rule);
    case 'config-module':
      return configModuleMatcher(rule);
  }
}
