import { identifierParts } from '../../markdown/identifier-parts.ts';
import { type Attributes, h } from './build-element.ts';

/**
 * `<code>` holding an identifier, a path or a URL as text, with `<wbr>` where it may break on a narrow
 * screen (after `_`, `/`, `.` or `-`, see identifier-parts.ts) and nowhere else.
 */
export function identifierCode(text: string, attributes: Attributes = {}): HTMLElement {
  return h('code', attributes, ...identifierParts(text).flatMap((part, index) => (index === 0 ? [part] : [h('wbr'), part])));
}
