/**
 * Candidate `detect:` blocks for the identifiers an imported entry's text shows in code, for a person to
 * review and paste into the entry: printed by `sunset import --suggest-rules`, never written or applied.
 * Each candidate is a complete rule of the register's schema with an example on which it fires and a near
 * miss on which it must not, so a pasted rule is tested like every other (`npm test`). Identifiers the text
 * offers as replacements, and those whose rule needs more than the text shows (a flag with no command
 * before it), get no candidate.
 */
import type { DetectRule } from '../schemas/detect-rule.ts';
import type { CodeIdentifier } from './code-identifiers.ts';

/** A candidate rule and the identifier it was made for. */
export interface RuleSuggestion {
  identifier: CodeIdentifier;
  rule: DetectRule;
}

/** A path with its placeholders filled, as a script would call it. */
function filled(path: string): string {
  return path.replace(/:[a-z_]+/g, (name) => (/id$/.test(name) ? '42' : 'main'));
}

function ciVariable(name: string): DetectRule {
  return {
    kind: 'ci-variable',
    name,
    example: { file: '.gitlab-ci.yml', text: `build:\n  script:\n    - echo "$${name}"\n` },
    near_miss: { file: '.gitlab-ci.yml', text: `build:\n  script:\n    - echo "$${name}_OTHER"\n` },
  };
}

function rest(identifier: CodeIdentifier): DetectRule {
  const single = identifier.name.split('/').length === 2;
  const method = identifier.method ?? 'GET';
  const call = (path: string) => `curl --request ${method} --header "PRIVATE-TOKEN: $TOKEN" "$CI_API_V4_URL${path}"\n`;
  return {
    kind: 'rest',
    ...(identifier.method ? { method: identifier.method } : {}),
    path: identifier.name,
    // A one-segment path is the end of longer ones (`/approvals` of `/projects/:id/approvals`).
    ...(single ? { suffix: true } : {}),
    example: { file: 'scripts/call-api.sh', text: call(single ? `/projects/42${identifier.name}` : filled(identifier.name)) },
    near_miss: {
      file: 'scripts/call-api.sh',
      text: call(single ? `/projects/42${identifier.name}_settings` : `${filled(identifier.name)}_settings`),
    },
  };
}

function graphql(identifier: CodeIdentifier): DetectRule {
  const type = identifier.kind === 'graphql-type';
  const query = (name: string) =>
    type
      ? `query {\n  project(fullPath: "group/app") {\n    ... on ${name} {\n      id\n    }\n  }\n}\n`
      : `query {\n  project(fullPath: "group/app") {\n    ${name}\n  }\n}\n`;
  return {
    kind: 'graphql',
    element: type ? 'type' : 'field',
    name: identifier.name,
    ...(identifier.parent ? { parent: identifier.parent } : {}),
    example: { file: 'queries/project.graphql', text: query(identifier.name) },
    near_miss: { file: 'queries/project.graphql', text: query(`${identifier.name}Other`) },
  };
}

function cliFlag(identifier: CodeIdentifier, command: string): DetectRule {
  return {
    kind: 'cli-flag',
    command,
    flag: identifier.name,
    example: { file: 'scripts/run.sh', text: `${command} ${identifier.name} value\n` },
    near_miss: { file: 'scripts/run.sh', text: `${command} ${identifier.name}-other value\n` },
  };
}

function configKey(identifier: CodeIdentifier): DetectRule {
  if (identifier.setting) {
    const [scope] = identifier.setting.split('[');
    return {
      kind: 'text',
      literal: identifier.setting,
      word: false,
      files: ['**/gitlab.rb'],
      example: { file: 'config/gitlab.rb', text: `${identifier.setting} = true\n` },
      near_miss: { file: 'config/gitlab.rb', text: `${scope}['${identifier.name}_other'] = true\n` },
    };
  }
  const key = identifier.name;
  return {
    kind: 'text',
    literal: key,
    word: true,
    example: { file: 'config/settings.yml', text: `${key}: true\n` },
    near_miss: { file: 'config/settings.yml', text: `${key}_other: true\n` },
  };
}

/** The candidate rule for one identifier, or undefined when the text does not show enough for one. */
export function suggestRule(identifier: CodeIdentifier): DetectRule | undefined {
  switch (identifier.kind) {
    case 'ci-variable':
      return ciVariable(identifier.name);
    case 'rest-path':
      return rest(identifier);
    case 'graphql-field':
    case 'graphql-type':
      return graphql(identifier);
    case 'cli-flag':
      return identifier.command ? cliFlag(identifier, identifier.command) : undefined;
    case 'config-key':
      return configKey(identifier);
  }
}

/** Every candidate for a list of identifiers, in their order. */
export function suggestRules(identifiers: readonly CodeIdentifier[]): RuleSuggestion[] {
  // A type named as the parent of a field (`CiRunner.revision`) is where the change is, not what goes.
  const parents = new Set(identifiers.flatMap((identifier) => (identifier.parent ? [identifier.parent] : [])));
  return identifiers.flatMap((identifier) => {
    const parentOnly = identifier.kind === 'graphql-type' && parents.has(identifier.name);
    const rule = identifier.replacement || parentOnly ? undefined : suggestRule(identifier);
    return rule ? [{ identifier, rule }] : [];
  });
}
