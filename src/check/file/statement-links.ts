import type { CodeLanguage } from './code-language.ts';
import { escapeRegExp } from './escape-regexp.ts';

/** One statement as linking reads it. */
export interface LinkedStatement {
  /** The statement's text, comments blanked. */
  text: string;
  /** Width of the indentation of the line it starts on: statements of one function share or exceed it. */
  indent: number;
}

/** What a statement assigns: the variable's name, and whether only a field or item of it (`opts.Page = 2`). */
export interface Assignment {
  name: string;
  field: boolean;
}

const SHELL_ASSIGNMENT = /^(?:(?:export|local|readonly|declare(?:\s+-\w+)*)\s+)?([A-Za-z_]\w*)(?:\[[^\]\n]*\])?\+?=/;
const CODE_ASSIGNMENT =
  /^(?:(?:export\s+)?(?:const|let|var|val|final|my|local)\s+)?\$?([A-Za-z_]\w*)((?:\s*,\s*\$?\w+)*)((?:\s*(?:\.\s*\w+|\[[^\]\n]*\]))*)\s*(?::\s*[\w.<>[\], |?]+?\s*)?(?::=|\+?=(?![=>~]))/;

/** How much of a statement's start is read for an assignment: its head is short, and a bound keeps a minified line cheap. */
const HEAD = 200;

/** The variable a statement assigns, if it is an assignment. */
export function assignmentOf(text: string, language: CodeLanguage): Assignment | undefined {
  const trimmed = text.trimStart().slice(0, HEAD);
  if (language === 'shell') {
    const found = SHELL_ASSIGNMENT.exec(trimmed);
    return found ? { name: found[1] as string, field: false } : undefined;
  }
  const found = CODE_ASSIGNMENT.exec(trimmed);
  if (!found) return undefined;
  return { name: found[1] as string, field: (found[3] ?? '').trim() !== '' };
}

/** A pattern for uses of a variable: `$NAME`/`${NAME}` in shell and PowerShell, the bare word elsewhere (not after a dot). */
function usePattern(name: string, language: CodeLanguage): RegExp {
  const n = escapeRegExp(name);
  if (language === 'shell') return new RegExp(String.raw`\$(?:${n}(?!\w)|\{${n}(?=[}:\-=?+#%/^,@\[]))`);
  if (language === 'powershell') return new RegExp(String.raw`\$${n}(?!\w)`, 'i');
  return new RegExp(String.raw`(?<![\w.$])${n}(?!\w)`);
}

/** Words a statement may read as variables. */
function wordsOf(text: string, language: CodeLanguage): Set<string> {
  const pattern = language === 'shell' || language === 'powershell' ? /\$\{?([A-Za-z_]\w*)/g : /(?<![\w.$])([A-Za-z_]\w*)/g;
  return new Set([...text.matchAll(pattern)].map((found) => found[1] as string));
}

/** How many statements the use of an assigned variable is followed through: the URL, the request built from it, the call. */
const HOPS = 2;

/**
 * How many statements are walked either way from a statement: a function rarely holds more, and the bound
 * keeps a file of many thousand statements with many matches from costing time growing with their product.
 */
export const MAX_REACH = 400;

/**
 * The statements tied to statement `index` by a variable in the same function (read from indentation,
 * which every language in use here keeps for its blocks):
 * - when it assigns a variable, the later statements that use it (and, one hop further, the uses of what
 *   those assign), up to where the function ends or the variable is assigned again;
 * - for each variable it (or one of those uses) reads, the last earlier assignment whose function holds
 *   it, with the assignments to that variable's fields or items in between (`opts.Page = 2`,
 *   `params["ref"] = "main"`).
 */
export function linkedStatements(statements: readonly LinkedStatement[], index: number, language: CodeLanguage): number[] {
  const linked = new Set<number>();
  const assignments = new Map<number, Assignment | undefined>();
  const assignment = (at: number) => {
    if (!assignments.has(at)) assignments.set(at, assignmentOf((statements[at] as LinkedStatement).text, language));
    return assignments.get(at);
  };

  const forward = (from: number, hops: number) => {
    const own = assignment(from);
    if (!own || own.field || hops === 0) return;
    const indent = (statements[from] as LinkedStatement).indent;
    const uses = usePattern(own.name, language);
    for (let at = from + 1; at < Math.min(statements.length, from + 1 + MAX_REACH); at++) {
      const statement = statements[at] as LinkedStatement;
      if (statement.indent < indent) break;
      const again = assignment(at);
      if (again && !again.field && again.name === own.name && !uses.test(statement.text.slice(statement.text.indexOf('='))))
        break;
      if (!uses.test(statement.text)) continue;
      if (!linked.has(at)) {
        linked.add(at);
        forward(at, hops - 1);
      }
    }
  };
  forward(index, HOPS);

  const backward = (from: number) => {
    const self = statements[from] as LinkedStatement;
    const ownName = assignment(from)?.name;
    for (const word of wordsOf(self.text, language)) {
      if (word === ownName) continue;
      // Walk back while the function goes on: every statement between keeps at least the assignment's indentation.
      let lowest = self.indent;
      const fields: number[] = [];
      for (let at = from - 1; at >= Math.max(0, from - MAX_REACH); at--) {
        const statement = statements[at] as LinkedStatement;
        const found = assignment(at);
        // A field set in a nested block (`if v != nil { opts.Paused = v }`) still sets the variable's field.
        if (found?.name === word && found.field) {
          fields.push(at);
          continue;
        }
        if (statement.indent > lowest) continue;
        lowest = statement.indent;
        if (found?.name !== word) continue;
        linked.add(at);
        for (const field of fields) linked.add(field);
        break;
      }
    }
  };
  // What the statement and its uses read: the options a call is given, the URL a request is built from.
  for (const at of [index, ...linked]) backward(at);
  linked.delete(index);
  return [...linked].sort((a, b) => a - b);
}
