import { describe, expect, it } from 'vitest';
import { boundedMemo } from '../../src/markdown/bounded-memo.ts';

describe('boundedMemo', () => {
  it('renders a text once and answers the same text from memory', () => {
    const calls: string[] = [];
    const render = boundedMemo((text) => {
      calls.push(text);
      return `<p>${text}</p>`;
    });
    expect(render('a')).toBe('<p>a</p>');
    expect(render('a')).toBe('<p>a</p>');
    expect(render('b')).toBe('<p>b</p>');
    expect(calls).toEqual(['a', 'b']);
  });

  it('forgets everything once it holds its limit, and renders again after', () => {
    const calls: string[] = [];
    const render = boundedMemo((text) => {
      calls.push(text);
      return text.toUpperCase();
    }, 2);
    render('a');
    render('b');
    render('a');
    expect(calls).toEqual(['a', 'b']);
    render('c'); // the third text empties the memory
    render('a');
    expect(calls).toEqual(['a', 'b', 'c', 'a']);
  });
});
