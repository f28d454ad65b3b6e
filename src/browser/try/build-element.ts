/**
 * Builds DOM elements whose content is text only. Event content (error messages, stack traces, page
 * titles and paths) comes from whoever sent the event, so it is never parsed as HTML: strings become
 * text nodes, and attributes that would run code (`on…`) or URLs that would (`javascript:`) are refused.
 * The demos build all their markup through {@link h}.
 */

/** What an element may contain: nodes, or values shown as text. `null`, `undefined` and `false` add nothing. */
export type Child = Node | string | number | null | undefined | false;

/** Attribute values; `true` sets an empty attribute, `false` and `undefined` leave it out. */
export type Attributes = Record<string, string | number | boolean | undefined>;

const URL_ATTRIBUTES = new Set(['href', 'src', 'action', 'formaction', 'xlink:href']);

/** Whether setting `name` to `value` could run script; such attributes are a programming error here. */
export function isUnsafeAttribute(name: string, value: string): boolean {
  const lower = name.toLowerCase();
  if (lower.startsWith('on') || lower === 'srcdoc') return true;
  // Browsers ignore control characters and spaces inside a scheme, so strip them before looking.
  const scheme = [...value]
    .filter((char) => char.charCodeAt(0) > 0x20)
    .join('')
    .toLowerCase();
  return URL_ATTRIBUTES.has(lower) && (scheme.startsWith('javascript:') || scheme.startsWith('data:text/html'));
}

/** Appends children to a node, strings and numbers as text nodes. */
export function appendChildren(parent: Node, children: readonly Child[], doc: Document = document): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    parent.appendChild(typeof child === 'string' || typeof child === 'number' ? doc.createTextNode(String(child)) : child);
  }
}

/**
 * Creates `<tag>` with attributes and children. Throws on an attribute that could run script, naming it,
 * so a mistake shows up in tests rather than as a hole.
 */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Attributes = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  return buildIn(document, tag, attributes, children);
}

/** {@link h} against a given document (tests pass a stand-in). */
export function buildIn<K extends keyof HTMLElementTagNameMap>(
  doc: Document,
  tag: K,
  attributes: Attributes,
  children: readonly Child[],
): HTMLElementTagNameMap[K] {
  const element = doc.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === false) continue;
    const text = value === true ? '' : String(value);
    if (isUnsafeAttribute(name, text))
      throw new Error(`attribute ${name}="${text}" on <${tag}> could run script; set a handler in code instead`);
    element.setAttribute(name, text);
  }
  appendChildren(element, children, doc);
  return element;
}

/** Replaces everything inside `parent` with `children`. */
export function replaceChildren(parent: Element, ...children: Child[]): void {
  parent.replaceChildren();
  appendChildren(parent, children, parent.ownerDocument);
}
