import { describe, expect, it } from 'vitest';
import { appendChildren, buildIn, isUnsafeAttribute } from '../../../src/browser/try/build-element.ts';

/** Just enough of a document to see what the builder does: text nodes, attributes, children; markup setters throw. */
class FakeText {
  readonly nodeType = 3;
  readonly data: string;
  constructor(data: string) {
    this.data = data;
  }
}
class FakeElement {
  readonly tagName: string;
  readonly attributes = new Map<string, string>();
  readonly childNodes: unknown[] = [];
  constructor(tagName: string) {
    this.tagName = tagName;
  }
  setAttribute(name: string, value: string) {
    this.attributes.set(name, value);
  }
  appendChild(node: unknown) {
    this.childNodes.push(node);
    return node;
  }
  set innerHTML(_markup: string) {
    throw new Error('markup was parsed');
  }
  insertAdjacentHTML() {
    throw new Error('markup was parsed');
  }
}
const fakeDocument = {
  createElement: (tag: string) => new FakeElement(tag),
  createTextNode: (data: string) => new FakeText(data),
} as unknown as Document;

const build = (tag: 'p' | 'a' | 'img', attributes: Record<string, string>, ...children: (string | number)[]) =>
  buildIn(fakeDocument, tag, attributes, children) as unknown as FakeElement;

describe('build element', () => {
  it('adds strings and numbers as text nodes, so markup in event content stays characters', () => {
    const payload = '<img src=x onerror=alert(1)>';
    const element = build('p', { class: 'message' }, payload, 3);
    expect(element.childNodes).toEqual([new FakeText(payload), new FakeText('3')]);
    expect(element.attributes.get('class')).toBe('message');
  });

  it('refuses attributes that would run script, naming them', () => {
    expect(() => build('img', { onerror: 'alert(1)' })).toThrow('attribute onerror="alert(1)" on <img> could run script');
    expect(() => build('a', { href: ' java\tscript:alert(1)' })).toThrow('could run script');
    expect(() => build('a', { href: '/api/product-analytics-load/' })).not.toThrow();
    expect(isUnsafeAttribute('OnClick', 'x')).toBe(true);
    expect(isUnsafeAttribute('title', 'javascript:alert(1)')).toBe(false);
    expect(isUnsafeAttribute('src', 'data:text/html,<script>')).toBe(true);
  });

  it('skips empty children and boolean false attributes', () => {
    const parent = new FakeElement('div');
    appendChildren(parent as unknown as Node, [null, undefined, false, 'x'], fakeDocument);
    expect(parent.childNodes).toEqual([new FakeText('x')]);
    const element = buildIn(fakeDocument, 'button', { disabled: false, hidden: true }, []) as unknown as FakeElement;
    expect([...element.attributes]).toEqual([['hidden', '']]);
  });
});
