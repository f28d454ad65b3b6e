import { describe, expect, it } from 'vitest';
import { identifierParts } from '../../src/markdown/identifier-parts.ts';
import {
  breakableIdentifier,
  escapeHtml,
  escapeText,
  plainText,
  renderInline,
  renderMarkdown,
} from '../../src/markdown/markdown.ts';

describe('renderMarkdown', () => {
  it('renders paragraphs, lists and fenced code', () => {
    const html = renderMarkdown('First line\ncontinues.\n\n- one\n- two\n\n```yaml\na: <b>\n```\n\n1. first\n2. second');
    expect(html).toBe(
      [
        '<p>First line continues.</p>',
        '<ul><li>one</li><li>two</li></ul>',
        '<pre data-lang="yaml"><code>a: &lt;b&gt;</code></pre>',
        '<ol><li>first</li><li>second</li></ol>',
      ].join('\n'),
    );
  });

  it('escapes raw HTML so content cannot inject markup', () => {
    expect(renderMarkdown('<script>alert(1)</script>')).toBe('<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>');
  });

  it('continues a list item on an indented line', () => {
    expect(renderMarkdown('- one\n  more\n- two')).toBe('<ul><li>one more</li><li>two</li></ul>');
  });
});

describe('renderInline', () => {
  it('keeps code spans literal and never treats underscores as emphasis', () => {
    expect(renderInline('Use `**not bold**` and CI_JOB_JWT_V2 *here*')).toBe(
      'Use <code>**not bold**</code> and CI_JOB_JWT_V2 <em>here</em>',
    );
  });

  it('links only safe URLs', () => {
    expect(renderInline('[entry](/register/x/) and [bad](javascript:alert(1))')).toBe(
      '<a href="/register/x/">entry</a> and bad)',
    );
  });

  it('keeps only the label of a link where the text sits inside a link of its own', () => {
    expect(renderInline('`a` [entry](/register/x/)', { links: false })).toBe('<code>a</code> entry');
  });

  it('renders strong text', () => {
    expect(renderInline('**breaking** change')).toBe('<strong>breaking</strong> change');
  });
});

describe('plainText and escapeHtml', () => {
  it('strips markup for titles and feeds', () => {
    expect(plainText('Use `id_tokens` with **an** [aud](/x) claim\n  now')).toBe('Use id_tokens with an aud claim now');
  });

  it('escapes the five HTML-significant characters', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
    // Element content only: quotes stay, and no text can close the element it is in.
    expect(escapeText(`{"a": "</textarea><b>'&amp;'"}`)).toBe(`{"a": "&lt;/textarea&gt;&lt;b&gt;'&amp;amp;'"}`);
    expect(escapeText('')).toBe('');
  });
});

describe('breakableIdentifier', () => {
  it('lets an identifier break after _ / . and -, between the words of a long camel-case name, never inside a version number', () => {
    expect(breakableIdentifier('CI_JOB_JWT_V2')).toBe('CI_<wbr>JOB_<wbr>JWT_<wbr>V2');
    expect(breakableIdentifier('/api/v4/projects/{id}/ci/lint')).toBe('/api/<wbr>v4/<wbr>projects/<wbr>{id}/<wbr>ci/<wbr>lint');
    expect(breakableIdentifier('TrackedEvents.count')).toBe('TrackedEvents.<wbr>count');
    expect(breakableIdentifier('PRIVATE-TOKEN')).toBe('PRIVATE-<wbr>TOKEN');
    expect(breakableIdentifier('sunset check --to 18.0')).toBe('sunset check --to 18.0');
    expect(breakableIdentifier('previousStageJobsOrNeeds')).toBe('previousStageJobsOrNeeds');
    // 24 letters stay whole; from 25 on, a camel-case name breaks between its words, never inside one.
    expect(breakableIdentifier('previousStageJobsOrNeedsz')).toBe('previous<wbr>Stage<wbr>Jobs<wbr>Or<wbr>Needsz');
    expect(breakableIdentifier('group.dependencyProxyTotalSizeInBytes')).toBe(
      'group.<wbr>dependency<wbr>Proxy<wbr>Total<wbr>Size<wbr>In<wbr>Bytes',
    );
    expect(breakableIdentifier('CI_JOB_JWT_V2_ABCDEFGHIJKLMNOPQRSTUVWXYZ')).toBe(
      'CI_<wbr>JOB_<wbr>JWT_<wbr>V2_<wbr>ABCDEFGHIJKLMNOPQRSTUVWXYZ',
    );
  });

  it('escapes first, so markup in an identifier stays text', () => {
    expect(breakableIdentifier('<b>_x')).toBe('&lt;b&gt;_x');
  });
});

describe('identifierParts', () => {
  it('cuts a DSN after its scheme, its key and each path separator, never inside the key or the address', () => {
    expect(identifierParts('http://0123abcd@127.0.0.1:8787/api/v4/error_tracking/collector/1')).toEqual([
      'http://',
      '0123abcd@',
      '127.0.0.1:8787/',
      'api/',
      'v4/',
      'error_',
      'tracking/',
      'collector/',
      '1',
    ]);
  });
});
