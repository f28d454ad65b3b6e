import type { ShikiTransformer } from 'shiki';

type HastNode = { type: string; tagName?: string; properties?: Record<string, unknown>; children?: HastNode[] };

const colours = (style: unknown) => {
  const text = String(style ?? '').toLowerCase();
  return `${/--shiki-light:([^;]+)/.exec(text)?.[1] ?? ''}|${/--shiki-dark:([^;]+)/.exec(text)?.[1] ?? ''}`;
};

/**
 * Drops the block's inline colours (code.css holds them) and the wrapper of every token drawn in the block's own text colours: it would only repeat them, and
 * on a page full of JSON those wrappers are a good share of the page's weight.
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
