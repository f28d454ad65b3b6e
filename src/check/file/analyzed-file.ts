import { type DocumentNode, GraphQLError, parse as parseGraphql } from 'graphql';
import type { Document } from 'yaml';
import type { Match } from '../../findings/finding.ts';
import { codeLanguage } from './code-language.ts';
import { type EmbeddedYaml, embeddedYaml } from './embedded-yaml.ts';
import { type CommentStyle, commentStyle, type FileKind } from './file-kind.ts';
import { extractGraphql } from './graphql-extract.ts';
import { createSourceText, type SourceText } from './source-text.ts';
import { createStatementReader, type StatementReader } from './statement-reader.ts';
import { type ParsedYaml, parseYamlDocuments } from './yaml-documents.ts';
import { mayHaveShape, type YamlShape, yamlShapes } from './yaml-shape.ts';

export { unclosedQuoteStart } from './yaml-documents.ts';

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
  /** The kind from the path; a YAML file that turns out to be CI configuration by its content is `ci-yaml` (see {@link YamlShape}). */
  kind: FileKind;
  style: CommentStyle;
  source: SourceText;
  /** The YAML documents, or undefined when the file does not parse (the failure is in `parseErrors`). */
  yaml(): Document[] | undefined;
  /**
   * The YAML documents without reporting a failure: for rules that read configuration a YAML file may hold
   * (chart values, manifests, tasks), where a file that does not parse simply holds none.
   */
  yamlQuietly(): Document[] | undefined;
  /** YAML documents held in the file's strings where the key says they are a registry's configuration. */
  embeddedYaml(): EmbeddedYaml[];
  /** What the file's YAML is by its structure; empty for a file that is not YAML or does not parse (nothing is reported then). */
  shapes(): ReadonlySet<YamlShape>;
  /** GraphQL documents found in the file; snippets that fail to parse are in `parseErrors` when surely GraphQL. */
  graphql(): PlacedGraphql[];
  /** Parse failures met so far, as matches of the `parse-error` rule. */
  readonly parseErrors: Match[];
  /** The file read one statement at a time: a command, a call with its arguments, an assignment. */
  readonly statements: StatementReader;
}

const isYamlKind = (kind: FileKind) => kind === 'yaml' || kind === 'ci-yaml';
const NO_SHAPES: ReadonlySet<YamlShape> = new Set();

/** Wraps a file's text for the matchers; the caller passes the kind it has already worked out from the path. */
export function analyzeFile(path: string, rootPath: string, text: string, kind: FileKind): AnalyzedFile {
  const style = commentStyle(rootPath);
  const parseErrors: Match[] = [];
  let parsed: ParsedYaml | undefined;
  let reported = false;
  let embedded: EmbeddedYaml[] | undefined;
  let shapes: ReadonlySet<YamlShape> | undefined;
  let graphqlDocs: PlacedGraphql[] | undefined;
  let statements: StatementReader | undefined;
  // An ERB template of a Ruby file (`gitlab.rb.erb`) is Ruby where it is not a template tag.
  const rubyBlocks = codeLanguage(rootPath) === 'ruby' || /\.rb\.erb$/i.test(rootPath);
  const source = createSourceText(text, style, { rubyBlocks });
  const parsedYaml = () => {
    parsed ??= parseYamlDocuments(text, rootPath);
    return parsed;
  };

  const file: AnalyzedFile = {
    path,
    rootPath,
    kind,
    style,
    source,
    parseErrors,
    get statements() {
      // JSON is read as YAML too; whether any file's YAML parses is never reported from here.
      statements ??= createStatementReader(rootPath, source, () => parsedYaml().documents);
      return statements;
    },
    yaml() {
      const { documents, error } = parsedYaml();
      if (error && !reported) {
        reported = true;
        const message = error.notRead ? `YAML not read: ${error.reason}` : `YAML does not parse: ${error.reason}`;
        parseErrors.push({ offset: error.offset, text: 'YAML', message });
      }
      return documents;
    },
    yamlQuietly() {
      return isYamlKind(file.kind) ? parsedYaml().documents : undefined;
    },
    embeddedYaml() {
      if (embedded) return embedded;
      const { documents, parsedText } = parsedYaml();
      // Only block strings can hold a document, and only a text that has one can: skip the walk otherwise.
      embedded = documents && /:[ \t]*[|>]/.test(text) ? embeddedYaml(parsedText, documents) : [];
      return embedded;
    },
    shapes() {
      if (shapes) return shapes;
      const documents = isYamlKind(file.kind) && mayHaveShape(text) ? parsedYaml().documents : undefined;
      shapes = documents ? yamlShapes(documents) : NO_SHAPES;
      return shapes;
    },
    graphql() {
      if (graphqlDocs) return graphqlDocs;
      graphqlDocs = [];
      for (const snippet of extractGraphql(text, file.kind === 'graphql')) {
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
