import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '../../src/markdown/markdown.ts';

describe('tables in Markdown', () => {
  it('render as a table with inline Markdown in the cells, escaped', () => {
    const html = renderMarkdown(
      'Renamed:\n\n| Old | New |\n| --- | :-: |\n| `A_B` | `C_D` <b> |\n| x | [y](https://e/y) |\n\nAfter.',
    );
    expect(html).toBe(
      [
        '<p>Renamed:</p>',
        '<div class="table-wrap" tabindex="0"><table class="stack"><thead><tr><th>Old</th><th>New</th></tr></thead><tbody><tr><td data-label="Old"><code>A_<wbr>B</code></td><td data-label="New"><code>C_<wbr>D</code> &lt;b&gt;</td></tr><tr><td data-label="Old">x</td><td data-label="New"><a href="https://e/y">y</a></td></tr></tbody></table></div>',
        '<p>After.</p>',
      ].join('\n'),
    );
  });

  it('leave a row of pipes without its rule as text', () => {
    expect(renderMarkdown('| not | a table |')).toBe('<p>| not | a table |</p>');
  });
});
