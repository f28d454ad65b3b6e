import { describe, expect, it } from 'vitest';
import { plainTokenTransformer, TOKEN_CLASSES, tokenClass } from '../../src/site/plain-token-transformer.ts';

type Node = { type: string; tagName?: string; properties?: Record<string, unknown>; children?: Node[] };

const token = (style: string, text: string): Node => ({
  type: 'element',
  tagName: 'span',
  properties: { style },
  children: [{ type: 'text', children: [], properties: { value: text } }],
});

describe('plain token transformer', () => {
  it('names the themes’ common token colours by class, whatever their case', () => {
    expect(tokenClass('--shiki-light:#032563;--shiki-dark:#ADDCFF')).toBe('t-navy');
    expect(tokenClass('--shiki-light:#032563;--shiki-dark:#FF9492')).toBeUndefined();
    expect(new Set(Object.values(TOKEN_CLASSES)).size).toBe(Object.keys(TOKEN_CLASSES).length);
  });

  it('gives common tokens a class, keeps other colours inline and unwraps tokens in the block’s own colours', () => {
    const plain = '--shiki-light:#0E1116;--shiki-dark:#F0F3F6';
    const line: Node = {
      type: 'element',
      tagName: 'span',
      properties: { class: 'line' },
      children: [
        token('--shiki-light:#032563;--shiki-dark:#ADDCFF', '"name"'),
        token(plain, ': '),
        token('--shiki-light:#66707B;--shiki-dark:#BDC4CC', '// note'),
      ],
    };
    const pre: Node = { type: 'element', tagName: 'pre', properties: { style: plain }, children: [line] };
    const root = { type: 'root', children: [pre] };
    (plainTokenTransformer.root as (root: unknown) => void).call({}, root);
    expect(pre.properties).toMatchObject({ class: 'astro-code', style: undefined });
    const [named, bare, other] = line.children ?? [];
    expect(named?.properties).toMatchObject({ class: 't-navy', style: undefined });
    expect(bare?.type).toBe('text');
    expect(other?.properties).toMatchObject({ style: '--shiki-light:#66707B;--shiki-dark:#BDC4CC' });
  });
});
