import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import fc from 'fast-check';
import { bundledLanguages } from 'shiki';
import { describe, expect, it } from 'vitest';
import { loadRegister } from '../../src/register/index.ts';
import { curlExample, fetchExample } from '../../src/site/api-examples.ts';
import { CODE_THEMES, type CodeThemes } from '../../src/site/code-themes.ts';
import { codeHighlighter, highlightCode, highlightWith, pairing, themePairing } from '../../src/site/highlight.ts';
import { plainTokenTransformer } from '../../src/site/plain-token-transformer.ts';

// Astro's own highlighter, as its <Code> loads it: resolved from Astro's package, so the comparison is with the copy
// the site's build would use.
const fromAstro = createRequire(createRequire(import.meta.url).resolve('astro/package.json'));
const { createShikiHighlighter } = (await import(
  pathToFileURL(fromAstro.resolve('@astrojs/internal-helpers/shiki')).href
)) as typeof import('@astrojs/internal-helpers/shiki');

/** What the site's <CodeBlock> wrote before: Astro's <Code> with two themes and the plain-token classes. */
async function astroCode(code: string, lang: string, label?: string, themes: CodeThemes = CODE_THEMES): Promise<string> {
  const language = Object.keys(bundledLanguages).includes(lang) ? lang : 'plaintext';
  const highlighter = await createShikiHighlighter({ langs: [language as never], themes: { ...themes } });
  return highlighter.codeToHtml(code, language, {
    defaultColor: false,
    wrap: true,
    inline: false,
    transformers: [plainTokenTransformer],
    attributes: { 'aria-label': label } as Record<string, string>,
  });
}

const register = await loadRegister();
const BASE = 'https://platform.example.com';

/** Code as the site shows it: every endpoint's curl and fetch examples and their bodies, and a few of each kind. */
const SITE_CODE: { code: string; lang: string; label?: string }[] = [
  ...register.endpoints.flatMap((endpoint) => [
    { code: curlExample(endpoint, BASE), lang: 'bash' },
    { code: fetchExample(endpoint, BASE), lang: 'js' },
    ...(endpoint.request_body?.examples ?? []).map((example) => ({
      code: JSON.stringify(example.value, null, 2),
      lang: 'json',
      label: example.summary,
    })),
  ]),
  { code: 'stages:\n  - build\n# a comment\njob:\n  script: [echo "hi $CI_JOB_TOKEN"]\n  when: manual\n', lang: 'yaml' },
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the text under test is source code that uses ${…}
  { code: 'const re = /a\\d+\\/b/g;\n\tconst s = `x ${y}`; // done\n', lang: 'js' },
  { code: '--- a/file\n+++ b/file\n@@ -1,2 +1,2 @@\n-old line\n+new line\n context\n', lang: 'diff' },
  { code: '# Title\n\n*em* **strong** [link](https://example.com) ~~gone~~\n', lang: 'markdown' },
  { code: 'just text\r\n', lang: 'klingon', label: 'Unknown language' },
  { code: '', lang: 'json' },
  { code: '   \n\t\n', lang: 'bash' },
];

describe('code highlighting', () => {
  it('writes what Astro’s <Code> wrote, byte for byte, for the code the site shows', async () => {
    expect(SITE_CODE.length).toBeGreaterThan(50);
    for (const { code, lang, label } of SITE_CODE) {
      expect(await highlightCode(code, lang, { label }), `${lang}: ${code.slice(0, 60)}`).toBe(
        await astroCode(code, lang, label),
      );
    }
  });

  it('tokenizes once for both themes: the site’s two themes pair, and the output is the same either way', async () => {
    const loaded = await codeHighlighter();
    const pairs = themePairing(loaded.highlighter.getTheme(CODE_THEMES.light), loaded.highlighter.getTheme(CODE_THEMES.dark));
    expect(loaded.pairing).toBeDefined();
    expect(pairs?.get('#032563')).toBe('#ADDCFF');
    // A white text stays white in the dark theme, while the white background turns dark: kept apart.
    expect(pairs?.get('#FFFFFF')).toBe('#FFFFFF');
    let tokenizations = 0;
    const grammar = loaded.highlighter.getLanguage('json');
    const counted = (original: typeof grammar.tokenizeLine2) =>
      function (this: typeof grammar, ...args: Parameters<typeof original>) {
        tokenizations++;
        return original.apply(this, args);
      };
    const original = grammar.tokenizeLine2;
    grammar.tokenizeLine2 = counted(original);
    try {
      const paired = await highlightCode('{"a": 1}', 'json');
      const pairedCount = tokenizations;
      const perTheme = await highlightCode('{"a": 1}', 'json', { perTheme: true });
      expect(paired).toBe(perTheme);
      expect(pairedCount).toBe(1);
      expect(tokenizations - pairedCount).toBe(2);
    } finally {
      grammar.tokenizeLine2 = original;
    }
  });

  it('writes what <Code> wrote for any code in the site’s languages (random code)', async () => {
    const pieces: Record<string, string[]> = {
      bash: [
        'curl',
        ' -X',
        ' POST',
        ' "$URL"',
        " 'a b'",
        ' \\\n',
        ' | jq .',
        ' # note',
        '\t',
        // biome-ignore lint/suspicious/noTemplateCurlyInString: the text under test is a shell expansion
        '${VAR:-x}',
        ' && ',
        '<<EOF\nx\nEOF\n',
        '\n',
      ],
      js: [
        'const',
        ' x',
        ' = ',
        '"s"',
        // biome-ignore lint/suspicious/noTemplateCurlyInString: the text under test is source code that uses ${…}
        '`t ${a}`',
        '/re\\d/g',
        ' // c',
        '/* b */',
        '{',
        '}',
        '(',
        ')',
        ';',
        '\n',
        '  ',
        '\t',
        '42',
        'await ',
      ],
      json: ['{', '}', '[', ']', '"k"', ': ', ', ', '1.5e3', 'true', 'null', '"\\u00e9\\n"', '\n', '  ', '\t'],
      yaml: ['key:', ' value', '\n', '  ', '- ', '"q"', "'s'", ' # c', '|\n  block', '&a', '*a', '---', ': ', '\t'],
    };
    const cases = fc.constantFrom(...Object.keys(pieces)).chain((lang) =>
      fc.record({
        lang: fc.constant(lang),
        code: fc.array(fc.constantFrom(...(pieces[lang] as string[])), { maxLength: 40 }).map((parts) => parts.join('')),
      }),
    );
    await fc.assert(
      fc.asyncProperty(cases, async ({ lang, code }) => {
        expect(await highlightCode(code, lang)).toBe(await astroCode(code, lang));
      }),
      { numRuns: 200 },
    );
  });

  it('pairs only themes that colour alike, and tokenizes per theme otherwise', async () => {
    const loaded = await codeHighlighter();
    const light = loaded.highlighter.getTheme(CODE_THEMES.light);
    const darkTheme = loaded.highlighter.getTheme(CODE_THEMES.dark);
    expect(themePairing(light, darkTheme)).toBeDefined();
    // Another rule set: no pairing, and the output is still <Code>'s for those themes.
    const other: CodeThemes = { light: 'github-light', dark: 'nord' };
    const mixed = await codeHighlighter(other);
    expect(mixed.pairing).toBeUndefined();
    const code = 'const a = "b"; // c';
    expect(await highlightWith(mixed, code, 'js')).toBe(await astroCode(code, 'js', undefined, other));
    // The same rules, but one light colour standing for two dark ones: no pairing.
    const dark = structuredClone(darkTheme);
    const rule = dark.settings.find((setting) => setting.settings.foreground?.toLowerCase() === '#addcff');
    if (!rule) throw new Error('the dark theme has no #addcff rule');
    (rule.settings as { foreground?: string }).foreground = '#123456';
    expect(themePairing(light, dark)).toBeUndefined();
    // A rule's font style differing: no pairing.
    const styled = structuredClone(darkTheme);
    (styled.settings[3] as { settings: { fontStyle?: string } }).settings.fontStyle = 'italic';
    expect(themePairing(light, styled)).toBeUndefined();
    // One light background standing for two dark ones (tokens would end in one theme and not the other).
    const shaded = structuredClone(light);
    const shadedRule = shaded.settings.find(
      (setting) => setting.scope !== undefined && setting.settings.background !== undefined,
    );
    if (!shadedRule) throw new Error('the light theme has no rule with a background');
    (shadedRule.settings as { background?: string }).background = light.bg;
    expect(themePairing(shaded, darkTheme)).toBeUndefined();
  });

  it('loads a language once when several pages ask for it at the same time', async () => {
    const loaded = await codeHighlighter({ light: 'github-light', dark: 'github-dark' });
    const load = loaded.highlighter.loadLanguage.bind(loaded.highlighter);
    let loads = 0;
    loaded.highlighter.loadLanguage = (...languages) => {
      loads++;
      return load(...languages);
    };
    const blocks = await Promise.all(['a: 1', 'b: 2', 'c: [3]', 'd: "4"'].map((code) => highlightWith(loaded, code, 'yaml')));
    expect(loads).toBe(1);
    expect(new Set(blocks).size).toBe(4);
    expect(blocks[0]).toContain('data-language="yaml"');
  });

  it('tokenizes per theme when a token’s colour has no pair', async () => {
    const loaded = await codeHighlighter();
    const light = loaded.highlighter.getTheme(CODE_THEMES.light);
    const dark = loaded.highlighter.getTheme(CODE_THEMES.dark);
    const unknowing = { ...loaded, pairing: pairing(new Map<string, string>(), light, dark) };
    const code = '{"a": [1, true]}';
    expect(await highlightWith(unknowing, code, 'json')).toBe(await astroCode(code, 'json'));
  });
});
