import type { Document } from 'yaml';
import { type CodeLanguage, codeLanguage } from './code-language.ts';
import { logicalLine } from './logical-line.ts';
import type { Range } from './markdown-code.ts';
import type { SourceText } from './source-text.ts';
import { linkedStatements } from './statement-links.ts';
import { type Segmented, segmentStatements, statementAt, statementText } from './statements.ts';
import { yamlStatement } from './yaml-statement.ts';

/** One statement of a file: where it lies and its text with comments blanked. */
export interface Statement {
  start: number;
  end: number;
  text: string;
}

/** Reads a file one statement at a time (see {@link segmentStatements} and {@link yamlStatement}). */
export interface StatementReader {
  readonly language: CodeLanguage;
  /** The statement that holds an offset; the offset's logical line when no statement does (a comment, a YAML file that does not parse). */
  at(offset: number): Statement;
  /** The statements tied to one by a variable in the same function (see {@link linkedStatements}); none in YAML. */
  linked(statement: Statement): Statement[];
}

/** Creates the statement reader of one file; statements are cut on first use. */
export function createStatementReader(rootPath: string, source: SourceText, yaml: () => Document[] | undefined): StatementReader {
  const language = codeLanguage(rootPath);
  const { text } = source;
  let segmented: Segmented | undefined;
  let documents: Document[] | undefined | null = null;
  const segments = () => {
    segmented ??= segmentStatements(text, { language: language === 'yaml' ? 'shell' : language });
    return segmented;
  };
  const make = (range: Range): Statement => ({
    start: range[0],
    end: range[1],
    text: language === 'yaml' ? text.slice(range[0], range[1]) : statementText(text, range, segments().comments),
  });
  const lineOf = (offset: number): Range => {
    const { first, last } = logicalLine(source, source.position(offset).line);
    return [source.lineStart(first), source.lineStart(last) + source.lineText(last).length];
  };
  let indexed: { range: Range; text: string; indent: number }[] | undefined;
  const index = () => {
    indexed ??= segments().statements.map((range) => {
      const lineStart = text.lastIndexOf('\n', range[0] - 1) + 1;
      return { range, text: statementText(text, range, segments().comments), indent: range[0] - lineStart };
    });
    return indexed;
  };

  return {
    language,
    at(offset) {
      if (language === 'yaml') {
        if (documents === null) documents = yaml();
        const range = documents ? yamlStatement(text, documents, offset) : undefined;
        return make(range ?? lineOf(offset));
      }
      return make(statementAt(segments().statements, offset) ?? lineOf(offset));
    },
    linked(statement) {
      if (language === 'yaml') return [];
      const list = index();
      const at = positionOf(list, statement.start);
      if (at === undefined || (list[at] as { range: Range }).range[1] !== statement.end) return [];
      return linkedStatements(list, at, language).map((position) => make((list[position] as { range: Range }).range));
    },
  };
}

/** The position of the statement that starts at `start`, by binary search. */
function positionOf(list: readonly { range: Range }[], start: number): number | undefined {
  let low = 0;
  let high = list.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const at = (list[middle] as { range: Range }).range[0];
    if (at === start) return middle;
    if (at < start) low = middle + 1;
    else high = middle - 1;
  }
  return undefined;
}
