import { type ASTNode, Kind, visit } from 'graphql';
import type { z } from 'zod';
import type { Match } from '../../findings/finding.ts';
import type { graphqlRuleSchema } from '../../schemas/detect-rule.ts';
import type { Matcher } from './matcher.ts';

type GraphqlRule = z.output<typeof graphqlRuleSchema>;

/**
 * Whether a field is selected directly on a type the query writes out (`fragment F on WebHook { … }`,
 * `... on WebHook { … }`) that is not the rule's parent. A field selected on another field's result shows
 * no type, so it still counts.
 */
function onOtherType(ancestors: readonly (ASTNode | readonly ASTNode[])[], parent: string | undefined): boolean {
  if (parent === undefined) return false;
  // The field's parent is its selection list; before it come the selection set and the node that owns it.
  const owner = ancestors.at(-2);
  if (!owner || Array.isArray(owner)) return false;
  const node = owner as ASTNode;
  if (node.kind !== Kind.FRAGMENT_DEFINITION && node.kind !== Kind.INLINE_FRAGMENT) return false;
  const typeName = node.typeCondition?.name.value;
  return typeName !== undefined && typeName !== parent;
}

/** Where a rule's element sits in one GraphQL document: offsets of the names that match. */
function elementOffsets(document: ASTNode, rule: GraphqlRule): number[] {
  const offsets: number[] = [];
  const at = (node: { loc?: { start: number } }) => {
    if (node.loc) offsets.push(node.loc.start);
  };
  visit(document, {
    OperationDefinition(node) {
      if (rule.element !== 'query' && rule.element !== 'mutation') return;
      if (node.operation !== rule.element) return;
      for (const selection of node.selectionSet.selections) {
        if (selection.kind === Kind.FIELD && selection.name.value === rule.name) at(selection.name);
      }
    },
    Field(node, _key, _parent, _path, ancestors) {
      if (rule.element === 'field' && node.name.value === rule.name && !onOtherType(ancestors, rule.parent)) at(node.name);
      if (rule.element === 'argument' && (rule.parent === undefined || node.name.value === rule.parent)) {
        for (const argument of node.arguments ?? []) {
          if (argument.name.value === rule.name) at(argument.name);
          // Mutations take their arguments as fields of one input object: `field(input: { name: … })`.
          if (argument.value.kind === Kind.OBJECT) {
            for (const field of argument.value.fields) if (field.name.value === rule.name) at(field.name);
          }
        }
      }
    },
    NamedType(node) {
      if (rule.element === 'type' && node.name.value === rule.name) at(node.name);
    },
    EnumValue(node) {
      if (rule.element === 'enum-value' && node.value === rule.name) at(node);
    },
  });
  return offsets;
}

/**
 * A GraphQL field, argument, type, enum value, query or mutation, found in the parsed documents of
 * `.graphql` files and in query strings of code. An argument is matched as `field(name: …)` and, for
 * mutations, as a field of an input object argument (`field(input: { name: … })`). `parent` narrows
 * arguments to one field; for a field it leaves out selections on another type a fragment writes out,
 * and keeps those whose type the query does not show.
 */
export function graphqlMatcher(rule: GraphqlRule): Matcher {
  // An argument needs its field in the same document, and a field name is usually the rarer word.
  const parentNeeded = rule.element === 'argument' && rule.parent !== undefined && rule.parent.length > rule.name.length;
  return {
    anchor: parentNeeded ? rule.parent : rule.name,
    // A GraphQL name ends where no name character follows; in a code string an escape (`\n`) may come before it.
    anchorEdges: 'end',
    applies: (kind) => kind === 'graphql' || kind === 'code',
    match(file) {
      const matches: Match[] = [];
      for (const placed of file.graphql()) {
        for (const offset of elementOffsets(placed.document, rule)) {
          matches.push({ offset: placed.offset + offset, text: `${rule.element}:${rule.name}` });
        }
      }
      return matches;
    },
  };
}
