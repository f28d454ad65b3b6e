import { describe, expect, it } from 'vitest';
import { pageFile, pager } from '../../src/readiness/paginate.ts';

const links = (count: number, current: number) =>
  [
    ...pager('entry', count, current, 'Pages')
      .toString()
      .matchAll(/href="([^"]+)"/g),
  ].map((match) => match[1] as string);

describe('pager', () => {
  it('links the first, the last and the neighbours of the current page, not every page of a long list', () => {
    expect(links(1000, 500)).toEqual(
      [0, 496, 497, 498, 499, 500, 501, 502, 503, 504, 999].map((index) => pageFile('entry', index)),
    );
    expect(pager('entry', 1000, 500, 'Pages').toString()).toContain('<li aria-hidden="true">…</li>');
    expect(links(5, 0)).toEqual([0, 1, 2, 3, 4].map((index) => pageFile('entry', index)));
    expect(pager('entry', 1, 0, 'Pages').toString()).toBe('');
  });

  it('leaves every page of a long list reachable from the first by its links', () => {
    const count = 1000;
    const reached = new Set([pageFile('entry', 0)]);
    const queue = [0];
    while (queue.length > 0) {
      const current = queue.shift() as number;
      for (const file of links(count, current)) {
        if (reached.has(file)) continue;
        reached.add(file);
        queue.push(file === 'entry.html' ? 0 : Number(/\.(\d+)\.html$/.exec(file)?.[1]) - 1);
      }
    }
    expect(reached.size).toBe(count);
  });
});
