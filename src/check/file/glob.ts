/** The placeholder rules may use in file globs for the repository's configuration directory. */
const CONFIG_DIR_PLACEHOLDER = '{config_dir}';

function escapeLiteral(text: string): string {
  return text.replace(/[.+^$()|[\]\\]/g, '\\$&');
}

/**
 * Compiles a glob to a regular expression over root-relative paths: `**` spans directories, `*` and `?`
 * stay inside one, `{a,b}` is a choice. `{config_dir}` stands for the configuration directory. A glob
 * without a slash matches the file name in any directory, as in `.gitignore`.
 */
export function compileGlob(glob: string, configDir: string): RegExp {
  const pattern = glob.replaceAll(CONFIG_DIR_PLACEHOLDER, configDir.replace(/\/+$/, ''));
  let out = '';
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i] as string;
    if (char === '*' && pattern[i + 1] === '*') {
      const slash = pattern[i + 2] === '/';
      out += slash ? '(?:.*/)?' : '.*';
      i += slash ? 2 : 1;
    } else if (char === '*') out += '[^/]*';
    else if (char === '?') out += '[^/]';
    else if (char === '{') {
      const end = pattern.indexOf('}', i);
      if (end === -1) out += '\\{';
      else {
        out += `(?:${pattern
          .slice(i + 1, end)
          .split(',')
          .map(escapeLiteral)
          .join('|')})`;
        i = end;
      }
    } else out += escapeLiteral(char);
  }
  return new RegExp(pattern.includes('/') ? `^${out}$` : `(?:^|/)${out}$`);
}

/** Whether a root-relative path matches any of the globs. */
export function matchesAny(rootPath: string, globs: readonly RegExp[]): boolean {
  return globs.some((glob) => glob.test(rootPath));
}
