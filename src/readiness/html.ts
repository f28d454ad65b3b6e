import { escapeHtml } from '../markdown/markdown.ts';

/** Markup that is already safe: inserted as is by {@link html}. */
export class Html {
  readonly value: string;
  constructor(value: string) {
    this.value = value;
  }
  toString(): string {
    return this.value;
  }
}

type Part = Html | string | number | boolean | null | undefined | readonly Part[];

function render(part: Part): string {
  if (part === null || part === undefined || part === false || part === true) return '';
  if (part instanceof Html) return part.value;
  if (Array.isArray(part)) return part.map(render).join('');
  return escapeHtml(String(part));
}

/** A template whose values are escaped unless they are {@link Html}; arrays are joined, empty values dropped. */
export function html(strings: TemplateStringsArray, ...values: Part[]): Html {
  let out = strings[0] as string;
  for (let index = 0; index < values.length; index++) out += render(values[index] as Part) + strings[index + 1];
  return new Html(out);
}

/** Trusted markup (rendered Markdown, an SVG built here). */
export const raw = (markup: string): Html => new Html(markup);
