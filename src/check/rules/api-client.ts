import type { z } from 'zod';
import type { Match } from '../../findings/finding.ts';
import type { apiClientRuleSchema } from '../../schemas/detect-rule.ts';
import type { AnalyzedFile } from '../file/analyzed-file.ts';
import { CLIENTS, type FieldSpec, fieldPattern, parseField } from './api-clients.ts';
import { escapeRegExp, findAll, type Matcher, onFirstUse } from './matcher.ts';

type ApiClientRule = z.output<typeof apiClientRuleSchema>;

/** The end of the HCL block whose `{` is at `open` (strings and comments skipped), or the end of the text. */
function blockEnd(text: string, open: number): number {
  let depth = 0;
  for (let at = open; at < text.length; at++) {
    const char = text[at];
    if (char === '"') {
      for (at++; at < text.length && text[at] !== '"' && text[at] !== '\n'; at++) if (text[at] === '\\') at++;
    } else if (char === '#' || (char === '/' && text[at + 1] === '/')) {
      const end = text.indexOf('\n', at);
      at = end === -1 ? text.length : end;
    } else if (char === '{') depth++;
    else if (char === '}' && --depth === 0) return at + 1;
  }
  return text.length;
}

/**
 * The longest run of letters every alternative of a call holds in one of its names (`Runners` of
 * `Runners.create|Runners.register`, `RunnerRegistrationToken` of the three reset calls), the rule's
 * prefilter anchor; none under four letters, and the rule then reads every file of the client's language.
 */
export function sharedName(calls: readonly string[][]): string | undefined {
  const [first = [], ...rest] = calls;
  let best = '';
  for (const name of first)
    for (let start = 0; start < name.length; start++)
      for (let end = name.length; end - start > best.length; end--) {
        const run = name.slice(start, end);
        if (rest.every((other) => other.some((candidate) => candidate.includes(run)))) {
          best = run;
          break;
        }
      }
  return best.length >= 4 ? best : undefined;
}

/** The text a call's fields are read from, and where in the file it starts. */
interface CallText {
  text: string;
  start: number;
}

/** A Terraform resource's block; any other call's statement with the statements a variable ties to it. */
function callText(file: AnalyzedFile, terraform: boolean, match: Match): CallText[] {
  if (terraform) {
    const open = file.source.text.indexOf('{', match.offset);
    return [{ text: file.source.text.slice(open, blockEnd(file.source.text, open)), start: open }];
  }
  const statement = file.statements.at(match.offset);
  return [statement, ...file.statements.linked(statement)].map(({ text, start }) => ({ text, start }));
}

/** Where a field is set in the call's texts, outside comments: its offset in the file, or undefined. */
function fieldAt(file: AnalyzedFile, texts: readonly CallText[], field: FieldSpec): number | undefined {
  const pattern = new RegExp(fieldPattern(field).source, 'g');
  for (const { text, start } of texts) {
    for (const found of text.matchAll(pattern)) {
      const at = start + (found.index ?? 0) + (found[0].length - found[0].trimStart().length);
      if (!file.source.inComment(at)) return at;
    }
  }
  return undefined;
}

/**
 * A call through one of the platform's API clients (see `apiClientRuleSchema`): in a file that uses the
 * client, each call named by the rule whose fields include every one of `fields`, at least one of
 * `any_fields` and none of `unless_fields`. A Terraform resource is reported at its first named field, other
 * calls at the call. Without a call, the first of `fields` is reported wherever the file sets or reads it.
 */
export function apiClientMatcher(rule: ApiClientRule): Matcher {
  const client = CLIENTS[rule.client];
  const calls = rule.call?.split('|').map((call) => call.split('.'));
  const all = (rule.fields ?? []).map(parseField);
  const any = (rule.any_fields ?? []).map(parseField);
  const unless = (rule.unless_fields ?? []).map(parseField);
  const terraform = rule.client === 'terraform';
  const patterns = onFirstUse(() => (calls ?? []).map((names) => client.call(names)));
  const lone = onFirstUse(() => {
    const name = escapeRegExp(all[0]?.name ?? '');
    return new RegExp(
      String.raw`(?<![\w-])["']?(?<at0>${name})["']?\s*(?:[:=](?![:=])|\s*=(?!=))|\.(?<at1>${name})(?![\w])`,
      'dg',
    );
  });
  // One anchor per rule: with alternatives, the name they share (the resource or manager), else the field.
  const anchor = calls ? sharedName(calls) : all[0]?.name;
  return {
    anchor,
    applies: (kind, rootPath) => kind === 'code' && client.language.test(rootPath),
    match(file) {
      if (!client.uses(file.source.text)) return [];
      if (!calls) return findAll(file, lone()).map((match) => ({ ...match, text: `${rule.client}:${match.text}` }));
      const matches: Match[] = [];
      const places = patterns().flatMap((pattern) => findAll(file, pattern));
      for (const found of places.sort((a, b) => a.offset - b.offset)) {
        const texts = callText(file, terraform, found);
        const offsets = all.map((field) => fieldAt(file, texts, field));
        if (offsets.some((offset) => offset === undefined)) continue;
        const anyAt = any.map((field) => fieldAt(file, texts, field)).find((offset) => offset !== undefined);
        if (any.length > 0 && anyAt === undefined) continue;
        if (unless.some((field) => fieldAt(file, texts, field) !== undefined)) continue;
        const at = terraform ? (offsets[0] ?? anyAt ?? found.offset) : found.offset;
        matches.push({ offset: at, text: `${rule.client}:${rule.call}` });
      }
      return matches;
    },
  };
}
