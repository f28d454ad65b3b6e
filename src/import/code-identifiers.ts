/**
 * The identifiers a deprecation's text shows in code: inline code spans (`CI_BUILD_ID`, `--locked`,
 * `POST /projects/:id/approvals`, `gitlab_rails['key']`) and configuration lines in fenced blocks. Each is
 * filed as one of five kinds by its shape alone; anything else in code (a word, a value, a file path) is
 * not an identifier and is left out. GraphQL names look like many other names, so camel-case words count
 * as GraphQL only in a text that says "GraphQL". This is Sunset's reading of the text, never the
 * platform's statement, and only feeds names (search, cross-links) and suggested rules.
 */
import type { NameCategory } from '../schemas/names.ts';

/** What an identifier is, by its shape. */
export type IdentifierKind = 'ci-variable' | 'rest-path' | 'graphql-field' | 'graphql-type' | 'cli-flag' | 'config-key';

/** One identifier found in code, with what its context says about it. */
export interface CodeIdentifier {
  kind: IdentifierKind;
  /** The identifier as a rule names it: `CI_BUILD_ID`, `/projects/:id/approvals`, `--locked`, `custom_hooks_dir`. */
  name: string;
  /** For a REST path: the method written before it. */
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** For a command-line flag: the command words written before it in the same span. */
  command?: string;
  /** For a GraphQL field written `Type.field`: the type. */
  parent?: string;
  /** For a configuration key written `gitlab_rails['key']`: the whole setting as written. */
  setting?: string;
  /** True when the text offers it as what to use instead (a table's later column, "use `X`"): no rule looks for it. */
  replacement?: boolean;
}

/** The names category each kind is filed under. */
export const NAME_CATEGORY: Record<IdentifierKind, NameCategory> = {
  'ci-variable': 'variables',
  'rest-path': 'paths',
  'graphql-field': 'fields',
  'graphql-type': 'types',
  'cli-flag': 'options',
  'config-key': 'settings',
};

const VARIABLE = /^\$?\{?([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)\}?$/;
const METHOD_PATH = /^(GET|POST|PUT|PATCH|DELETE)\s+(\S+)$/;
const API_PATH = /^(?:\/api\/v4)?(\/[a-z][a-z0-9_-]*(?:\/(?::[a-z_]+|\{[a-z_]+\}|[a-z0-9_.-]+))*)\/?(?:\?\S*)?$/;
const FILE_SYSTEM = /^\/(?:etc|var|opt|usr|home|tmp|srv|root|dev|proc|mnt|bin)(?:\/|$)/;
const FLAG = /(?:^|\s)(--[a-z][a-z0-9]*(?:-[a-z0-9]+)*)(?==|\s|$)/g;
const COMMAND_WORD = /^[a-z][a-z0-9_.-]*$/;
const OMNIBUS_SETTING = /^([a-z_]+)\['([a-z][a-z0-9_]*)'\](?:\s*=.*)?$/;
const SNAKE = /^[a-z][a-z0-9]*(?:_[a-z0-9]+)+$/;
const DOTTED = /^[a-z][a-z0-9_]*(?:\.[a-z][a-z0-9_]*)+$/;
const NOT_A_KEY = /\.(?:com|org|io|net|dev|yml|yaml|json|rb|md|txt|toml|sh|js|ts|html|xml|conf|cfg|log|pem|crt|key)$/;
const CAMEL = /^[a-z][a-z0-9]*(?:[A-Z][a-z0-9]*)+$/;
const PASCAL = /^[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*)+$/;
const TYPE_FIELD = /^([A-Z][A-Za-z0-9]+)\.([a-z][A-Za-z0-9]*)$/;

/** A path as rule paths write it: `{id}` becomes `:id`, no query, no trailing slash, no `/api/v4`. */
function restPath(text: string): string | undefined {
  const match = API_PATH.exec(text);
  if (!match || FILE_SYSTEM.test(text)) return undefined;
  const path = (match[1] as string).replace(/\{([a-z_]+)\}/g, ':$1');
  const last = path.split('/').at(-1) ?? '';
  // A file name (`/gitlab.rb`, `/config.toml`) is not an endpoint.
  return last.includes('.') ? undefined : path;
}

/** The identifiers one code span shows. */
export function spanIdentifiers(span: string, graphqlText: boolean): CodeIdentifier[] {
  const text = span.trim();
  const variable = VARIABLE.exec(text);
  if (variable) return [{ kind: 'ci-variable', name: variable[1] as string }];
  const request = METHOD_PATH.exec(text);
  if (request) {
    const path = restPath(request[2] as string);
    return path ? [{ kind: 'rest-path', name: path, method: request[1] as CodeIdentifier['method'] }] : [];
  }
  const url = /^https?:\/\/[^/\s]+(\/api\/v4\/\S+)$/.exec(text);
  if (text.startsWith('/') || url) {
    const path = restPath(url ? (url[1] as string) : text);
    return path ? [{ kind: 'rest-path', name: path }] : [];
  }
  const setting = OMNIBUS_SETTING.exec(text);
  if (setting) return [{ kind: 'config-key', name: setting[2] as string, setting: `${setting[1]}['${setting[2]}']` }];
  const flags = [...text.matchAll(FLAG)].map((match) => match[1] as string);
  if (flags.length > 0) {
    const words = text
      .slice(0, text.indexOf(flags[0] as string))
      .trim()
      .split(/\s+/)
      .filter(Boolean);
    const command = words.length > 0 && words.every((word) => COMMAND_WORD.test(word)) ? words.join(' ') : undefined;
    return flags.map((name) => ({ kind: 'cli-flag' as const, name, ...(command ? { command } : {}) }));
  }
  if (SNAKE.test(text) || (DOTTED.test(text) && !NOT_A_KEY.test(text))) return [{ kind: 'config-key', name: text }];
  if (!graphqlText) return [];
  const typeField = TYPE_FIELD.exec(text);
  if (typeField) return [{ kind: 'graphql-field', name: typeField[2] as string, parent: typeField[1] as string }];
  if (CAMEL.test(text)) return [{ kind: 'graphql-field', name: text }];
  if (PASCAL.test(text)) return [{ kind: 'graphql-type', name: text }];
  return [];
}

/** A piece of code in the text, and whether the text offers it as the replacement of something. */
interface CodeSpan {
  text: string;
  replacement: boolean;
}

/** Words before a span that always offer it as the new thing: "replaced by `X`", "renamed to `X`". */
const OFFERED_BY = /\b(?:replaced (?:by|with)|renamed to|moved? to|switch(?:es)? to|in favou?r of)\b[^.]*$/i;
/** A sentence that tells the reader what to do, starting with the verb: "Use `X`", "Instead, set `X`". */
const IMPERATIVE = /^\s*(?:instead,?\s+)?(?:use|set|read|call|point|move|add|create|update|declare|configure)\b/i;
/** Verbs that offer a span when the sentence ends "… instead" (not "instead of …"). */
const WITH_INSTEAD = /\b(?:use|uses|set|read|call|with|to)\b/i;

/** Whether the sentence around a span offers it as what to use instead. */
function offered(before: string, after: string): boolean {
  if (OFFERED_BY.test(before) || IMPERATIVE.test(before)) return !/\binstead of\b/i.test(before);
  return WITH_INSTEAD.test(before) && /\binstead\b(?!\s+of)/i.test(after);
}

/** The inline code spans of one line: a table row's columns after the first hold replacements. */
function lineSpans(line: string): CodeSpan[] {
  const spans: CodeSpan[] = [];
  const table = /^\s*\|.*\|\s*$/.test(line);
  const cells = table ? line.trim().slice(1, -1).split('|') : [line];
  cells.forEach((cell, column) => {
    for (const match of cell.matchAll(/(`+)([^`\n]+?)\1(?!`)/g)) {
      const before =
        cell
          .slice(0, match.index)
          .split(/[.!?:](?:\s|$)/)
          .at(-1) ?? '';
      const after = cell.slice((match.index ?? 0) + match[0].length).split(/[.!?](?:\s|$)/)[0] ?? '';
      spans.push({ text: match[2] as string, replacement: table ? column > 0 : offered(before, after) });
    }
  });
  return spans;
}

/**
 * Inline code spans of Markdown, and the settings lines (`gitlab_rails['key'] = …`) of its fenced code
 * blocks: the rest of a block is commands and output, whose flags (`curl --header`) are not the change's.
 * Paragraphs are read as one line, so a sentence that wraps keeps its words together.
 */
function codeOf(markdown: string): CodeSpan[] {
  const spans: CodeSpan[] = [];
  const withoutFences = markdown.replace(/^\s*(`{3,}|~{3,})[^\n]*\n([\s\S]*?)^\s*\1\s*$/gm, (_block, _fence, body: string) => {
    for (const line of body.split('\n'))
      if (OMNIBUS_SETTING.test(line.trim())) spans.push({ text: line.trim(), replacement: false });
    return '';
  });
  for (const block of withoutFences.split(/\n\s*\n/)) {
    const lines = block.split('\n');
    const rows = lines.every((line) => !line.trim() || /^\s*\|/.test(line));
    for (const line of rows ? lines : [lines.join(' ')]) spans.push(...lineSpans(line));
  }
  return spans;
}

/**
 * Every identifier the title and body show in code, each once (by kind and name), in the order they
 * first appear.
 */
export function codeIdentifiers(title: string, body: string): CodeIdentifier[] {
  const graphqlText = /graphql/i.test(`${title}\n${body}`);
  const seen = new Set<string>();
  const found: CodeIdentifier[] = [];
  for (const span of [...codeOf(title), ...codeOf(body)]) {
    for (const identifier of spanIdentifiers(span.text, graphqlText)) {
      const key = `${identifier.kind}:${identifier.name}`;
      const earlier = found.find((other) => `${other.kind}:${other.name}` === key);
      // Named once as what goes and once as what replaces it: it goes.
      if (earlier) {
        if (!span.replacement) delete earlier.replacement;
        continue;
      }
      if (seen.has(key)) continue;
      seen.add(key);
      found.push(span.replacement ? { ...identifier, replacement: true } : identifier);
    }
  }
  return found;
}
