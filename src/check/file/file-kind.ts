import path from 'node:path';
import { templateTarget } from './code-language.ts';

/**
 * How a file is read:
 * - `ci-yaml`: CI configuration, parsed with positions (see {@link isCiConfig});
 * - `yaml`: any other YAML file;
 * - `graphql`: a GraphQL document, parsed whole;
 * - `prose`: documentation, read only by `text` rules (a mention in prose is not a use);
 * - `code`: everything else that is text (code, scripts, JSON, Dockerfiles …).
 */
export type FileKind = 'ci-yaml' | 'yaml' | 'graphql' | 'prose' | 'code';

/** How comments start in a file, so matches inside whole-line and trailing comments can be left out. */
export type CommentStyle = 'hash' | 'slash' | 'none';

const PROSE = new Set(['.md', '.mdx', '.markdown', '.rst', '.txt', '.adoc', '.asciidoc', '.org', '.html', '.htm']);
const GRAPHQL = new Set(['.graphql', '.gql', '.graphqls']);
const SLASH = new Set([
  '.js',
  '.mjs',
  '.cjs',
  '.ts',
  '.mts',
  '.cts',
  '.tsx',
  '.jsx',
  '.vue',
  '.svelte',
  '.go',
  '.java',
  '.kt',
  '.kts',
  '.c',
  '.h',
  '.cc',
  '.cpp',
  '.hpp',
  '.cs',
  '.rs',
  '.swift',
  '.scala',
  '.groovy',
  '.gradle',
  '.dart',
  '.proto',
  '.jsonc',
  '.php',
]);
const NONE = new Set(['.json', '.xml', '.csv', '.svg', '.sql', '.lock']);

/** Where the platform reads CI configuration; see {@link isCiConfig}. */
export interface CiLayout {
  /** The repository's platform configuration directory (`{config_dir}`, `.gitlab` by default). */
  configDir: string;
  /** Root-relative paths of YAML files that a root CI file includes with `include: local`. */
  includes?: ReadonlySet<string>;
}

/**
 * Whether a root-relative path is CI configuration: `.gitlab-ci.yml` (or `.yaml`) anywhere,
 * `*.gitlab-ci.yml` (templates), YAML under `{config_dir}/ci/`, and files a root CI file includes locally.
 */
export function isCiConfig(rootPath: string, layout: CiLayout): boolean {
  if (!/\.ya?ml$/.test(rootPath)) return false;
  const base = path.posix.basename(rootPath);
  if (base === '.gitlab-ci.yml' || base === '.gitlab-ci.yaml' || /\.gitlab-ci\.ya?ml$/.test(base)) return true;
  const ciDir = `${layout.configDir.replace(/\/+$/, '')}/ci/`;
  if (rootPath.startsWith(ciDir) || rootPath.includes(`/${ciDir}`)) return true;
  return layout.includes?.has(rootPath) ?? false;
}

/**
 * The kind of a file from its root-relative path; a template of a file (`config.yml.in`, `values.yaml.tpl`)
 * is of the kind of the file it stands for. A YAML file may still turn out to be CI configuration by its
 * content (see `AnalyzedFile.shapes`).
 */
export function fileKind(rootPath: string, layout: CiLayout): FileKind {
  const target = templateTarget(rootPath);
  const ext = path.posix.extname(target).toLowerCase();
  if (ext === '.yml' || ext === '.yaml') return isCiConfig(rootPath, layout) || isCiConfig(target, layout) ? 'ci-yaml' : 'yaml';
  if (GRAPHQL.has(ext)) return 'graphql';
  if (PROSE.has(ext)) return 'prose';
  return 'code';
}

/** The comment syntax of a file; files without a known extension (scripts, Dockerfiles) use `#`. */
export function commentStyle(rootPath: string): CommentStyle {
  const ext = path.posix.extname(templateTarget(rootPath)).toLowerCase();
  if (SLASH.has(ext)) return 'slash';
  if (NONE.has(ext) || PROSE.has(ext)) return 'none';
  return 'hash';
}
