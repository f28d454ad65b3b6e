import type { z } from 'zod';
import type { apiClientSchema } from '../../schemas/detect-rule.ts';
import { escapeRegExp } from './matcher.ts';

/** One of the platform's API clients. */
export type ApiClient = z.output<typeof apiClientSchema>;

/** How code that uses a client reads: how it is brought in, and how its calls and their fields are written. */
export interface ClientSyntax {
  /**
   * Whether a file uses the client (imports it, or for python-gitlab receives it from elsewhere; for
   * Terraform, declares one of the provider's resources).
   */
  uses(text: string): boolean;
  /** Whether a file's path is of the client's language. */
  language: RegExp;
  /** A pattern finding a call (its last name in group `at`), given the call's dotted names. */
  call(names: readonly string[]): RegExp;
}

/** A dotted call written with optional spaces around its dots: `gl.runners.create(`, `git.Runners.RegisterNewRunner(`. */
function dotted(names: readonly string[], before: string): RegExp {
  const head = names.slice(0, -1).map((name) => `${escapeRegExp(name)}\\s*\\.\\s*`);
  const last = escapeRegExp(names.at(-1) as string);
  return new RegExp(String.raw`${before}${head.join('')}(?<at>${last})\s*\(`, 'dg');
}

/** The clients, with the import paths each is known by (the Go client under both of its module paths). */
export const CLIENTS: Record<ApiClient, ClientSyntax> = {
  'python-gitlab': {
    // A module that receives its client from elsewhere shows it by the client's type in an annotation
    // (`gl: "gitlab.Gitlab"`) or by a function taking the client under the name its documentation uses, `gl`.
    uses: (text) =>
      /^[ \t]*(?:import[ \t]+gitlab\b|from[ \t]+gitlab(?:\.[\w.]+)?[ \t]+import\b)/m.test(text) ||
      /:\s*['"]?gitlab\.Gitlab\b/.test(text) ||
      /\bdef\s+\w+\s*\(\s*(?:self\s*,\s*)?gl\s*[,):=]/.test(text),
    language: /\.pyw?$/,
    // A manager is reached through an object: `gl.runners.create(`, `project.approvals.get(`.
    call: (names) => dotted(names, String.raw`\.\s*`),
  },
  'go-gitlab': {
    uses: (text) => /"(?:github\.com\/xanzy\/go-gitlab|gitlab\.com\/gitlab-org\/api\/client-go)(?:\/v\d+)?"/.test(text),
    language: /\.go$/,
    call: (names) => dotted(names, String.raw`\.\s*`),
  },
  gitbeaker: {
    uses: (text) => /["']@gitbeaker\/(?:rest|node|core|browser)["']/.test(text),
    language: /\.(?:[cm]?[jt]s|[jt]sx)$/,
    // A resource is reached through the client (`api.Runners.create(`) or taken from it (`Runners.create(`).
    call: (names) => dotted(names, String.raw`(?<![\w$])`),
  },
  terraform: {
    uses: (text) => /\bresource\s+"gitlab_|\bsource\s*=\s*"gitlabhq\/gitlab"/.test(text),
    language: /\.tf$/,
    call: (names) => new RegExp(String.raw`\bresource\s+"(?<at>${escapeRegExp(names.join('.'))})"\s+"[^"\n]*"\s*\{`, 'dg'),
  },
};

/** A field as a rule names it: its name, and the value it must have, if any. */
export interface FieldSpec {
  name: string;
  value?: string;
}

/** Reads `token` or `status=paused`. */
export function parseField(spec: string): FieldSpec {
  const at = spec.indexOf('=');
  return at === -1 ? { name: spec } : { name: spec.slice(0, at), value: spec.slice(at + 1) };
}

/**
 * A pattern for a field set in code: a keyword argument or HCL attribute (`name=`), a key (`name:`,
 * `"name":`), an attribute or struct field set (`.name =`), or a JavaScript shorthand (`{ name }`). With a
 * value, the value follows, quoted or not, perhaps wrapped in a pointer helper (`gitlab.Ptr("paused")`).
 */
export function fieldPattern(field: FieldSpec): RegExp {
  const n = escapeRegExp(field.name);
  const set = String.raw`(?<![\w-])["']?${n}["']?\s*(?:=(?![=>])|:(?!:))`;
  if (field.value === undefined) return new RegExp(String.raw`${set}|[{,]\s*${n}\s*(?=[,}])`, 'd');
  return new RegExp(String.raw`${set}\s*(?:[\w.]+\(\s*)?["'\x60]?${escapeRegExp(field.value)}(?![\w-])`, 'd');
}
