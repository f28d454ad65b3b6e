import { afterEach, describe, expect, it, vi } from 'vitest';
import { debounced, markedElement } from '../../src/browser/demo-page.ts';

describe('markedElement', () => {
  it('finds the element by its data attribute', () => {
    const element = { id: 'found' } as unknown as Element;
    const root = { querySelector: (selector: string) => (selector === '[data-demo-status]' ? element : null) };
    expect(markedElement(root as unknown as ParentNode, 'demo-status', 'the error demo')).toBe(element);
  });

  it('names the holder and the missing attribute', () => {
    const root = { querySelector: () => null } as unknown as ParentNode;
    expect(() => markedElement(root, 'rotate-keys', 'the key rotation section')).toThrow(
      'the key rotation section has no [data-rotate-keys] element',
    );
  });
});

describe('debounced', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs once after a burst of calls goes quiet, and again for a later burst', () => {
    vi.useFakeTimers();
    const run = vi.fn();
    const soon = debounced(run, 100);
    soon();
    vi.advanceTimersByTime(60);
    soon();
    soon();
    vi.advanceTimersByTime(99);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);
    soon();
    vi.advanceTimersByTime(100);
    expect(run).toHaveBeenCalledTimes(2);
  });
});
