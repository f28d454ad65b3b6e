/**
 * Code highlighted for the site's pages (<CodeBlock>): Shiki, in the two high-contrast themes that the
 * page's colour scheme picks between, with the output of Astro's `<Code>` (its attributes, its handling of
 * the last newline and of unknown languages) and `plainTokenTransformer`'s classes.
 *
 * Shiki colours code in two themes by tokenizing it once per theme, and tokenizing is most of the work.
 * The two GitHub high-contrast themes colour the same scopes by the same rules, in the same font styles,
 * and each light colour stands for one dark colour, so the light tokens with their colours paired give the
 * same tokens, byte for byte, as tokenizing twice: here the code is tokenized once and each token is given
 * both colours. Were the themes ever to differ in shape (a new version of either), the pairing is not used
 * and the code is tokenized per theme as before (`themePairing`); so is a block with a token whose colour the
 * pairing does not know (none should have one). On the large synthetic site of `npm run bench:build` the
 * highlighting took 1.1-1.2 s instead of 1.7-2.2 s, about 4 % of the build.
 */
import {
  type BundledLanguage,
  type BundledTheme,
  bundledLanguages,
  createHighlighter,
  flatTokenVariants,
  type HighlighterGeneric,
  type ShikiTransformer,
  type ThemedToken,
  type ThemeRegistrationResolved,
} from 'shiki';
import { timed } from './build-timings.ts';
import { CODE_THEMES, type CodeThemes } from './code-themes.ts';
import { plainTokenTransformer } from './plain-token-transformer.ts';

type Highlighter = HighlighterGeneric<BundledLanguage, BundledTheme>;

/**
 * The dark text colour of each light one (upper case, as tokens carry them), when the two themes colour
 * alike: the same rules (scopes, in order) with the same font styles, and no light colour standing for two
 * dark ones, among text colours (the themes' own included) or among backgrounds (a token's background is not
 * drawn, but where it changes a token ends). Undefined otherwise.
 */
export function themePairing(light: ThemeRegistrationResolved, dark: ThemeRegistrationResolved): Map<string, string> | undefined {
  const foreground = new Map<string, string>();
  const background = new Map<string, string>();
  const pair = (map: Map<string, string>, from: string | undefined, to: string | undefined): boolean => {
    if (from === undefined || to === undefined) return from === to;
    const key = from.toUpperCase();
    const value = to.toUpperCase();
    if (map.has(key) && map.get(key) !== value) return false;
    map.set(key, value);
    return true;
  };
  const lightRules = light.settings ?? [];
  const darkRules = dark.settings ?? [];
  if (lightRules.length !== darkRules.length) return undefined;
  if (!pair(foreground, light.fg, dark.fg) || !pair(background, light.bg, dark.bg)) return undefined;
  for (const [index, lightRule] of lightRules.entries()) {
    const darkRule = darkRules[index];
    if (!darkRule || JSON.stringify(lightRule.scope) !== JSON.stringify(darkRule.scope)) return undefined;
    if ((lightRule.settings.fontStyle ?? '') !== (darkRule.settings.fontStyle ?? '')) return undefined;
    if (!pair(foreground, lightRule.settings.foreground, darkRule.settings.foreground)) return undefined;
    if (!pair(background, lightRule.settings.background, darkRule.settings.background)) return undefined;
  }
  return foreground;
}

/** Thrown by the pairing transformer when a token's colour has no pair: the block is tokenized per theme. */
class UnpairedColour extends Error {}

/** Whitespace only: such a token is joined to the one after it, as Shiki joins them (`mergeWhitespaces`). */
const BLANK = /^\s+$/;

/**
 * Gives each light token both themes' colours, as Shiki's two-theme output has them (`--shiki-light` and
 * `--shiki-dark`, and the same for font styles), then joins each run of whitespace to the token after it as
 * Shiki does in two themes: there a token's font style no longer keeps it apart, so the light tokens are
 * taken with `mergeWhitespaces: false` and joined here, after pairing.
 */
function pairingTransformer(pairs: Map<string, string>): ShikiTransformer {
  const both = (token: ThemedToken): ThemedToken => {
    const dark = token.color === undefined ? undefined : pairs.get(token.color.toUpperCase());
    if (token.color !== undefined && dark === undefined) throw new UnpairedColour();
    const variants = {
      light: { color: token.color, fontStyle: token.fontStyle },
      dark: { color: dark, fontStyle: token.fontStyle },
    };
    return flatTokenVariants({ content: token.content, offset: token.offset, variants }, ['light', 'dark'], '--shiki-', false);
  };
  return {
    name: 'sunset:paired-themes',
    tokens(lines) {
      return lines.map((line) => {
        const joined: ThemedToken[] = [];
        let blank = '';
        let blankOffset = 0;
        line.forEach((token, index) => {
          if (BLANK.test(token.content) && index < line.length - 1) {
            if (blank === '') blankOffset = token.offset;
            blank += token.content;
            return;
          }
          const coloured = both(token);
          joined.push(blank === '' ? coloured : { ...coloured, offset: blankOffset, content: blank + coloured.content });
          blank = '';
        });
        return joined;
      });
    },
  };
}

/** The root style Shiki gives a block in two themes with no default colour. */
function pairedRootStyle(light: ThemeRegistrationResolved, dark: ThemeRegistrationResolved): string {
  return [
    `--shiki-light:${light.fg || 'inherit'}`,
    `--shiki-dark:${dark.fg || 'inherit'}`,
    `--shiki-light-bg:${light.bg || 'inherit'}`,
    `--shiki-dark-bg:${dark.bg || 'inherit'}`,
  ].join(';');
}

/**
 * What Astro's `<Code>` does to the block: its attributes, language and wrapping, and in a diff the `+` or
 * `-` that starts a line kept out of a copy.
 */
function astroCodeTransformer(lang: string, attributes: Record<string, unknown>): ShikiTransformer {
  return {
    name: 'sunset:astro-code',
    pre(node) {
      Object.assign(node.properties, attributes);
      node.properties.class = String(node.properties.class ?? '').replace(/shiki/g, 'astro-code');
      node.properties.dataLanguage = lang;
      node.properties.style = `${String(node.properties.style ?? '')}; overflow-x: auto; white-space: pre-wrap; word-wrap: break-word;`;
    },
    line(node) {
      if (lang !== 'diff') return;
      const first = node.children[0];
      const text = first?.type === 'element' ? first.children[0] : undefined;
      if (first?.type !== 'element' || text?.type !== 'text') return;
      const sign = text.value[0];
      if (sign !== '+' && sign !== '-') return;
      text.value = text.value.slice(1);
      first.children.unshift({
        type: 'element',
        tagName: 'span',
        properties: { style: 'user-select: none;' },
        children: [{ type: 'text', value: sign }],
      });
    },
  };
}

/** What tokenizing once takes for a pair of themes: the transformer that pairs colours, and the block's root style. */
export interface Pairing {
  transformer: ShikiTransformer;
  rootStyle: string;
}

/** The {@link Pairing} of two themes whose text colours pair as `pairs` says (see {@link themePairing}). */
export function pairing(pairs: Map<string, string>, light: ThemeRegistrationResolved, dark: ThemeRegistrationResolved): Pairing {
  return { transformer: pairingTransformer(pairs), rootStyle: pairedRootStyle(light, dark) };
}

/** A highlighter loaded with two themes, and how to tokenize once for both (undefined: their colours do not pair). */
export interface CodeHighlighter {
  highlighter: Highlighter;
  themes: CodeThemes;
  pairing: Pairing | undefined;
  /** Languages loaded or loading: pages render several at once, and each language is loaded once. */
  languages: Map<string, Promise<void>>;
}

const loaded = new Map<string, Promise<CodeHighlighter>>();

/** The highlighter of two themes, loaded once per pair of themes. */
export function codeHighlighter(themes: CodeThemes = CODE_THEMES): Promise<CodeHighlighter> {
  const key = `${themes.light}|${themes.dark}`;
  const known = loaded.get(key);
  if (known) return known;
  const ready = createHighlighter({ themes: [themes.light, themes.dark], langs: [] }).then((highlighter): CodeHighlighter => {
    const light = highlighter.getTheme(themes.light);
    const dark = highlighter.getTheme(themes.dark);
    const pairs = themePairing(light, dark);
    return { highlighter, themes, pairing: pairs && pairing(pairs, light, dark), languages: new Map() };
  });
  loaded.set(key, ready);
  return ready;
}

/** Options of {@link highlightCode}. */
export interface HighlightOptions {
  /** The block's accessible name (`aria-label`). */
  label?: string | undefined;
  /** Tokenize once per theme even when the themes pair (to compare the two ways). */
  perTheme?: boolean;
}

/** {@link highlightCode} with a given highlighter. */
export async function highlightWith(
  loadedHighlighter: CodeHighlighter,
  code: string,
  lang = 'plaintext',
  options: HighlightOptions = {},
): Promise<string> {
  const { highlighter, themes, pairing: paired, languages } = loadedHighlighter;
  const language = (Object.hasOwn(bundledLanguages, lang) ? lang : 'plaintext') as BundledLanguage | 'plaintext';
  if (language !== 'plaintext') {
    let loading = languages.get(language);
    if (!loading) {
      loading = highlighter.loadLanguage(language);
      languages.set(language, loading);
    }
    await loading;
  }
  // As <Code> does: the code's last line end does not make an empty last line.
  const text = code.replace(/(?:\r\n|\r|\n)$/, '');
  const finish = [astroCodeTransformer(language, { 'aria-label': options.label }), plainTokenTransformer];
  return timed('highlighting', () => {
    if (paired && !options.perTheme) {
      try {
        return highlighter.codeToHtml(text, {
          lang: language,
          theme: themes.light,
          mergeWhitespaces: false,
          rootStyle: paired.rootStyle,
          transformers: [paired.transformer, ...finish],
        });
      } catch (error) {
        if (!(error instanceof UnpairedColour)) throw error;
      }
    }
    return highlighter.codeToHtml(text, { lang: language, themes: { ...themes }, defaultColor: false, transformers: finish });
  });
}

/**
 * The HTML of a highlighted code block in the site's two themes, as Astro's `<Code>` with
 * `plainTokenTransformer` writes it. A language Shiki does not have is shown as plain text, as there.
 */
export async function highlightCode(code: string, lang = 'plaintext', options: HighlightOptions = {}): Promise<string> {
  return highlightWith(await codeHighlighter(), code, lang, options);
}
