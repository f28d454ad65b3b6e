import path from 'node:path';

/**
 * How a file's statements are written, for reading one statement at a time:
 * - `shell`: shell scripts, Dockerfiles, Makefiles and any file without a known extension (`#` comments,
 *   quotes that may span lines, here-documents, commands split at `;`, `&&`, `||` and `|`);
 * - `python`, `ruby`, `powershell`: their own comments, strings and line continuations;
 * - `c-like`: JavaScript, TypeScript, Go, Java and their kin (`//` and `/* *\/` comments, `{` blocks);
 * - `hcl`: Terraform and other HCL files (blocks with attributes, `#` and `//` comments, here-documents);
 * - `yaml`: YAML and JSON, read through their parsed structure.
 */
export type CodeLanguage = 'shell' | 'python' | 'ruby' | 'powershell' | 'c-like' | 'hcl' | 'yaml';

const BY_EXTENSION: Record<string, CodeLanguage> = {
  '.py': 'python',
  '.pyw': 'python',
  '.pyi': 'python',
  '.rb': 'ruby',
  '.rake': 'ruby',
  '.gemspec': 'ruby',
  '.ps1': 'powershell',
  '.psm1': 'powershell',
  '.tf': 'hcl',
  '.tfvars': 'hcl',
  '.hcl': 'hcl',
  '.yml': 'yaml',
  '.yaml': 'yaml',
  '.json': 'yaml',
};

const C_LIKE = new Set(
  '.js .mjs .cjs .ts .mts .cts .tsx .jsx .vue .svelte .go .java .kt .kts .c .h .cc .cpp .hpp .cs .rs .swift .scala .groovy .gradle .dart .php .jsonc'.split(
    ' ',
  ),
);

const BY_NAME: Record<string, CodeLanguage> = {
  Rakefile: 'ruby',
  Gemfile: 'ruby',
  Vagrantfile: 'ruby',
  Jenkinsfile: 'c-like',
};

/**
 * The statement syntax of a file from its root-relative path. A template suffix (`.in`, `.tpl`, `.j2`,
 * `.template`) is looked through, so `deploy.sh.in` reads as a shell script.
 */
export function codeLanguage(rootPath: string): CodeLanguage {
  const base = path.posix.basename(templateTarget(rootPath));
  const byName = BY_NAME[base];
  if (byName) return byName;
  const ext = path.posix.extname(base).toLowerCase();
  if (C_LIKE.has(ext)) return 'c-like';
  return BY_EXTENSION[ext] ?? 'shell';
}

/** Suffixes that mark a file as a template of another file (`config.yml.in` becomes `config.yml`). */
const TEMPLATE_SUFFIX = /\.(?:in|tpl|j2|jinja2?|template|tmpl)$/i;

/**
 * The path a template file stands for: `config.yml.in` → `config.yml`. A path without a template suffix,
 * or one that is only a suffix (`.in`), is returned as it is.
 */
export function templateTarget(rootPath: string): string {
  const stripped = rootPath.replace(TEMPLATE_SUFFIX, '');
  return stripped === rootPath || path.posix.basename(stripped) === '' || !path.posix.extname(stripped) ? rootPath : stripped;
}
