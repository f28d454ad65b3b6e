import { parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { extractGraphql, neutralise } from '../../../src/check/file/graphql-extract.ts';

describe('extractGraphql', () => {
  it('finds operations and fragments in code and says which are surely GraphQL', () => {
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the text under test is source code that uses ${…}
    const code = 'const a = gql`\n  query A { x }\n  ${F}\n`;\nconst b = "mutation B { y }";\nconst c = db.query("select 1");\n';
    const snippets = extractGraphql(code, false);
    expect(snippets.map((snippet) => [snippet.source, snippet.tagged])).toEqual([
      ['query A { x }', true],
      ['mutation B { y }', false],
    ]);
    expect(code.slice(snippets[1]?.offset, (snippets[1]?.offset ?? 0) + 8)).toBe('mutation');
  });

  it('reads anonymous operations only where the context says GraphQL', () => {
    expect(extractGraphql('post({ query: "{ a { b } }" })', false).map((snippet) => snippet.source)).toEqual(['{ a { b } }']);
    expect(extractGraphql('if (x) { a { b } }', false)).toEqual([]);
  });

  it('keeps offsets while blanking escapes and interpolations', () => {
    const raw = String.raw`query { a(name: \"x\") { b } }\n ${'$'}{frag}`;
    const clean = neutralise(raw);
    expect(clean).toHaveLength(raw.length);
    expect(() => parse(clean)).not.toThrow();
  });

  it('takes a .graphql file whole', () => {
    expect(extractGraphql('# c\n{ a }', true)).toEqual([{ offset: 0, source: '# c\n{ a }', tagged: true }]);
  });
});
