import { describe, expect, it } from 'vitest';
import { anchorOf, matchRule } from './match-rule.ts';

const document = `
query Runners($type: CiRunnerType, $filter: RunnerMembershipFilter) {
  runners(active: true, type: $type, membership: $filter) {
    nodes { id ciUsedMinutes status(legacyMode: DISABLED_WITH_OVERRIDE) }
  }
  other: project(fullPath: "a") { active }
}
mutation Add { ciJobTokenScopeAddProject(input: { projectPath: "a", direction: INBOUND }) { errors } }
`;

describe('graphql rule', () => {
  it('finds fields, including aliased selections', () => {
    expect(matchRule({ kind: 'graphql', element: 'field', name: 'ciUsedMinutes' }, 'q.graphql', document)).toEqual([
      '4:16 field:ciUsedMinutes',
    ]);
  });

  it('finds arguments of the named field only', () => {
    const rule = { kind: 'graphql', element: 'argument', name: 'active', parent: 'runners' };
    expect(matchRule(rule, 'q.graphql', document)).toEqual(['3:11 argument:active']);
  });

  it('treats fields of an input object as arguments of a mutation', () => {
    const rule = { kind: 'graphql', element: 'argument', name: 'direction', parent: 'ciJobTokenScopeAddProject' };
    expect(matchRule(rule, 'q.graphql', document)).toEqual(['8:69 argument:direction']);
  });

  it('finds types, enum values, queries and mutations', () => {
    expect(matchRule({ kind: 'graphql', element: 'type', name: 'RunnerMembershipFilter' }, 'q.graphql', document)).toEqual([
      '2:45 type:RunnerMembershipFilter',
    ]);
    expect(
      matchRule({ kind: 'graphql', element: 'enum-value', name: 'DISABLED_WITH_OVERRIDE' }, 'q.graphql', document),
    ).toHaveLength(1);
    expect(matchRule({ kind: 'graphql', element: 'query', name: 'runners' }, 'q.graphql', document)).toEqual([
      '3:3 query:runners',
    ]);
    expect(matchRule({ kind: 'graphql', element: 'query', name: 'ciJobTokenScopeAddProject' }, 'q.graphql', document)).toEqual(
      [],
    );
    expect(
      matchRule({ kind: 'graphql', element: 'mutation', name: 'ciJobTokenScopeAddProject' }, 'q.graphql', document),
    ).toHaveLength(1);
  });

  it('reads query strings in code and maps positions back to the file', () => {
    const code = [
      'const q = gql`',
      '  query { project(fullPath: "a") { ciUsedMinutes } }',
      '`;',
      'const body = JSON.stringify({ query: "{ runners { nodes { ciUsedMinutes } } }" });',
      '// ciUsedMinutes in a comment',
      '',
    ].join('\n');
    expect(matchRule({ kind: 'graphql', element: 'field', name: 'ciUsedMinutes' }, 'src/a.js', code)).toEqual([
      '2:36 field:ciUsedMinutes',
      '4:59 field:ciUsedMinutes',
    ]);
  });

  it('anchors an argument on its field when the field name is longer', () => {
    expect(anchorOf({ kind: 'graphql', element: 'argument', name: 'message', parent: 'vulnerabilityCreate' })).toBe(
      'vulnerabilityCreate',
    );
    expect(anchorOf({ kind: 'graphql', element: 'field', name: 'message' })).toBe('message');
  });

  it('leaves out a field selected on another type a fragment writes out, and keeps it where no type shows', () => {
    const rule = { kind: 'graphql', element: 'field', name: 'external', parent: 'ReleaseAssetLink' };
    const text = [
      'fragment W on WebHook { id external }',
      'fragment L on ReleaseAssetLink { id external }',
      'query { project(fullPath: "a") { hooks { ... on WebHook { external } } release { links { nodes { external } } } } }',
      'query { x { ... on ReleaseAssetLink { external } } }',
      '',
    ].join('\n');
    expect(matchRule(rule, 'q.graphql', text)).toEqual(['2:37 field:external', '3:98 field:external', '4:39 field:external']);
  });
});
