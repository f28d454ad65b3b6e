import type { ShikiTransformer } from 'shiki';

type HastNode = { type: string; tagName?: string; properties?: Record<string, unknown>; children?: HastNode[] };

const colours = (style: unknown) => {
  const text = String(style ?? '').toLowerCase();
  return `${/--shiki-light:([^;]+)/.exec(text)?.[1] ?? ''}|${/--shiki-dark:([^;]+)/.exec(text)?.[1] ?? ''}`;
};

/**
 * The token colours of the two themes that fill most code on the site, each pair (light|dark) as a short
 * class that code.css colours: one class name in place of a 50-character style on every token.
 */
export const TOKEN_CLASSES: Readonly<Record<string, string>> = {
  '#032563|#addcff': 't-navy',
  '#a0111f|#ff9492': 't-red',
  '#023b95|#91cbff': 't-blue',
  '#024c1a|#72f088': 't-green',
  '#622cbc|#dbb7ff': 't-purple',
  '#702c00|#ffb757': 't-brown',
};

/** The class a token's inline colours become, if they are a pair `TOKEN_CLASSES` names. */
export function tokenClass(style: unknown): string | undefined {
  return TOKEN_CLASSES[colours(style)];
}

/**
 * Drops the block's inline colours (code.css holds them) and the wrapper of every token drawn in the block's own text colours: it would only repeat them, and
 * on a page full of JSON those wrappers are a good share of the page's weight. Tokens in the common colours
 * carry a class instead of their inline style.
 */
export const plainTokenTransformer: ShikiTransformer = {
  name: 'sunset:plain-tokens',
  root(root) {
    const pre = (root.children as HastNode[]).find((node) => node.type === 'element' && node.tagName === 'pre');
    const plain = colours(pre?.properties?.style);
    const unwrap = (node: HastNode) => {
      if (!node.children) return;
      node.children = node.children.flatMap((child) => {
        if (child.type !== 'element') return [child];
        const isLine = String(child.properties?.class ?? child.properties?.className ?? '').includes('line');
        if (!isLine && child.tagName === 'span' && colours(child.properties?.style) === plain) return child.children ?? [];
        const named = !isLine && child.tagName === 'span' ? tokenClass(child.properties?.style) : undefined;
        if (named && child.properties) {
          child.properties.style = undefined;
          child.properties.class = named;
        }
        unwrap(child);
        return [child];
      });
    };
    if (!pre?.properties) return;
    unwrap(pre);
    // The block's own colours and wrapping live in code.css, once for every block.
    pre.properties.style = undefined;
    pre.properties.class = 'astro-code';
  },
};
