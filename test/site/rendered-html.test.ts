import { describe, expect, it } from 'vitest';
import { breakRenderedCode, labelTableCells } from '../../src/site/rendered-html.ts';

describe("a guide's rendered HTML", () => {
  it('lets inline code break only where an identifier may, leaving tags and entities whole', () => {
    expect(breakRenderedCode('/api/v4/error_tracking &amp; <em>x_y</em>')).toBe(
      '/api/<wbr>v4/<wbr>error_<wbr>tracking &amp; <em>x_<wbr>y</em>',
    );
    expect(breakRenderedCode('18.0')).toBe('18.0');
  });

  it("labels each body cell with its column's heading, for a table stacked on a phone", () => {
    const html = '<thead><tr><th>Field</th><th>Type &amp; use</th></tr></thead><tbody><tr><td>a</td><td>b</td></tr></tbody>';
    expect(labelTableCells(html)).toBe(
      '<thead><tr><th>Field</th><th>Type &amp; use</th></tr></thead><tbody><tr><td data-label="Field">a</td><td data-label="Type &amp; use">b</td></tr></tbody>',
    );
    expect(labelTableCells('<tbody><tr><td>a</td></tr></tbody>')).toBe('<tbody><tr><td>a</td></tr></tbody>');
  });
});
