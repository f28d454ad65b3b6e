import { type DocumentNode, GraphQLError, parse as parseGraphql } from 'graphql';
import { type Document, parseAllDocuments } from 'yaml';
import type { Match } from '../finding.ts';
import { type CommentStyle, commentStyle, type FileKind } from './file-kind.ts';
import { blankTemplateActions, hasTemplateActions } from './go-template.ts';
import { extractGraphql } from './graphql-extract.ts';
import { createSourceText, type SourceText } from './source-text.ts';
import { createStatementReader, type StatementReader } from './statement-reader.ts';

/** A parsed GraphQL document and the offset of its first character in the file. */
export interface PlacedGraphql {
  offset: number;
  document: DocumentNode;
}

/**
 * One file as the matchers see it: its text with positions, its kind, and its YAML documents and
 * GraphQL snippets parsed on first use. Parse failures are kept in `parseErrors`, never dropped.
 */
export interface AnalyzedFile {
  /** Path shown in findings: relative to the working directory, forward slashes. */
  path: string;
  /** Path relative to the scanned root; globs and file kinds read this one. */
  rootPath: string;
  kind: FileKind;
  style: CommentStyle;
  source: SourceText;
  /** The YAML documents, or undefined when the file does not parse (the failure is in `parseErrors`). */
  yaml(): Document[] | undefined;
  /** GraphQL documents found in the file; snippets that fail to parse are in `parseErrors` when surely GraphQL. */
  graphql(): PlacedGraphql[];
  /** Parse failures met so far, as matches of the `parse-error` rule. */
  readonly parseErrors: Match[];
  /** The file read one statement at a time: a command, a call with its arguments, an assignment. */
  readonly statements: StatementReader;
}

/**
 * Where a YAML error is shown. An unclosed quote runs to the end of the file, where the parser reports it;
 * the opening quote is where the mistake is: the last quote of that kind before the end that nothing
 * escapes (`\"` in double quotes, `''` in single ones), since any later one would have closed it.
 */
export function unclosedQuoteStart(text: string, code: string, message: string, offset: number): number {
  const quote = code === 'MISSING_CHAR' ? /^Missing closing (["'])quote/.exec(message)?.[1] : undefined;
  if (!quote) return offset;
  for (let at = Math.min(offset, text.length) - 1; at >= 0; at--) {
    if (text[at] !== quote) continue;
    if (quote === '"' && text[at - 1] === '\\') continue;
    if (quote === "'" && (text[at - 1] === "'" || text[at + 1] === "'")) continue;
    return at;
  }
  return offset;
}

/**
 * Repeated keys are read, not refused: a repeated job name is a slip for a linter, not a reason to stop
 * reading the file, and rules then see every copy. The uniqueness check would also cost time growing with
 * the square of a map's size (seconds on a large generated file).
 */
const PARSE_OPTIONS = { uniqueKeys: false } as const;

/** The YAML documents of a text, or undefined when they do not parse; nothing is reported. */
function quietYaml(text: string): Document[] | undefined {
  const documents = parseAllDocuments(text, PARSE_OPTIONS);
  if (!Array.isArray(documents) || documents.some((document) => document.errors.length > 0)) return undefined;
  return documents;
}

/** Wraps a file's text for the matchers; the caller passes the kind it has already worked out from the path. */
export function analyzeFile(path: string, rootPath: string, text: string, kind: FileKind): AnalyzedFile {
  const style = commentStyle(rootPath);
  const parseErrors: Match[] = [];
  let yamlDocs: Document[] | undefined | null = null;
  let graphqlDocs: PlacedGraphql[] | undefined;
  let statements: StatementReader | undefined;
  const source = createSourceText(text, style);

  const file: AnalyzedFile = {
    path,
    rootPath,
    kind,
    style,
    source,
    parseErrors,
    get statements() {
      // JSON is read as YAML too, but quietly: a JSON file that YAML cannot read is not a parse error.
      statements ??= createStatementReader(rootPath, source, () =>
        kind === 'yaml' || kind === 'ci-yaml' ? file.yaml() : quietYaml(text),
      );
      return statements;
    },
    yaml() {
      if (yamlDocs !== null) return yamlDocs;
      let docs = parseAllDocuments(text, PARSE_OPTIONS);
      let list = Array.isArray(docs) ? docs : [];
      let error = list.flatMap((doc) => doc.errors)[0];
      if ((error || !Array.isArray(docs)) && hasTemplateActions(text)) {
        // A Helm chart or other Go template is not YAML until rendered: read what is left once the actions
        // are blanked, and when even that does not parse, leave the file to the text rules without calling
        // it broken.
        docs = parseAllDocuments(blankTemplateActions(text), PARSE_OPTIONS);
        list = Array.isArray(docs) ? docs : [];
        error = list.flatMap((doc) => doc.errors)[0];
        if (error || !Array.isArray(docs)) {
          yamlDocs = undefined;
          return yamlDocs;
        }
      }
      if (error || !Array.isArray(docs)) {
        const offset = error ? unclosedQuoteStart(text, error.code, error.message, error.pos[0]) : 0;
        const reason = (error?.message ?? 'not a YAML stream').split('\n')[0]?.replace(/ at line \d+, column \d+:?$/, '');
        parseErrors.push({ offset, text: 'YAML', message: `YAML does not parse: ${reason}` });
        yamlDocs = undefined;
      } else yamlDocs = list;
      return yamlDocs;
    },
    graphql() {
      if (graphqlDocs) return graphqlDocs;
      graphqlDocs = [];
      for (const snippet of extractGraphql(text, kind === 'graphql')) {
        try {
          graphqlDocs.push({ offset: snippet.offset, document: parseGraphql(snippet.source) });
        } catch (error) {
          if (!(error instanceof GraphQLError)) throw error;
          if (!snippet.tagged) continue;
          const offset = snippet.offset + (error.positions?.[0] ?? 0);
          parseErrors.push({
            offset,
            text: 'GraphQL',
            message: `GraphQL does not parse: ${error.message.replace(/^Syntax Error: /, '')}`,
          });
        }
      }
      return graphqlDocs;
    },
  };
  return file;
}
