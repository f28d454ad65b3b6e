import { renderInline } from '../markdown/markdown.ts';
import { type Html, raw } from './html.ts';

/** An entry title as the main site shows it: inline Markdown (`code`), every other character escaped. */
export function inlineTitle(title: string): Html {
  return raw(renderInline(title));
}
