/**
 * Writes plain data (what an import writes: entries, areas, stops) as YAML that every reader, the
 * register's own included, reads back as exactly that data. Mappings become blocks; multi-line text a
 * literal block (`|`), so Markdown stays readable and diffable; one-line text is written bare only when it
 * cannot be read as anything but that text (no number, flag, date, null, `: ` or ` #`), else in double
 * quotes with JSON's escapes, which YAML reads the same way. Lists of scalars are written in flow style
 * (`[a, b]`). A generic emitter took most of an import's time; this one knows the few shapes it writes.
 */

const BARE = /^[A-Za-z_/][\w ./()'`,*@+-]*$/;
const RESERVED = /^(?:true|false|yes|no|on|off|y|n|null|~)$/i;
/** Whether a character is one YAML treats as a line break or forbids unescaped (text with one is quoted, escaped). */
function special(code: number): boolean {
  return (
    (code < 0x20 && code !== 0x0a && code !== 0x09) ||
    (code >= 0x7f && code <= 0x9f) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0xfeff
  );
}

const hasSpecial = (text: string) => Array.prototype.some.call(text, (char: string) => special(char.charCodeAt(0)));

/** Text in double quotes: JSON's escapes, and `\\u` escapes for what JSON leaves raw but YAML would not read as written. */
function quoted(text: string): string {
  let out = '';
  for (const char of JSON.stringify(text)) {
    const code = char.charCodeAt(0);
    out += special(code) ? `\\u${code.toString(16).padStart(4, '0')}` : char;
  }
  return out;
}

/** One-line text (or a key) as a YAML scalar. */
function scalarText(text: string): string {
  return BARE.test(text) && !RESERVED.test(text) && !/: | #| $/.test(text) ? text : quoted(text);
}

function scalar(value: unknown): string {
  return typeof value === 'string' ? scalarText(value) : JSON.stringify(value);
}

const isScalar = (value: unknown): boolean => value === null || ['string', 'number', 'boolean'].includes(typeof value);

/** Multi-line text (its first line not indented) as a literal block that keeps every line and trailing line break. */
function literal(text: string, indent: string): string {
  const trailing = text.length - text.replace(/\n+$/, '').length;
  const chomp = trailing === 0 ? '-' : trailing === 1 ? '' : '+';
  const content = trailing === 0 ? text : text.slice(0, -1);
  const lines = content.split('\n').map((line) => (line === '' ? '' : `${indent}  ${line}`));
  return `|${chomp}\n${lines.join('\n')}`;
}

function value(data: unknown, indent: string): string {
  // Text whose first line starts with a space would need its indentation stated, which readers count differently.
  const block = typeof data === 'string' && data.includes('\n') && /\S/.test(data) && !/^\n*[ \t]/.test(data);
  if (block && !hasSpecial(data)) return ` ${literal(data, indent)}`;
  if (isScalar(data)) return ` ${scalar(data)}`;
  if (Array.isArray(data)) {
    if (data.length === 0) return ' []';
    if (data.every((item) => isScalar(item) && !(typeof item === 'string' && item.includes('\n')))) {
      return ` [${data.map(scalar).join(', ')}]`;
    }
    const item = (entry: unknown) =>
      entry !== null && typeof entry === 'object' && !Array.isArray(entry) && Object.keys(entry).length > 0
        ? `${indent}  - ${mapping(entry as Record<string, unknown>, `${indent}    `).trimStart()}`
        : isScalar(entry)
          ? `${indent}  - ${scalar(entry)}`
          : `${indent}  -${value(entry, `${indent}  `)}`;
    return `\n${data.map(item).join('\n')}`;
  }
  const record = data as Record<string, unknown>;
  if (Object.keys(record).length === 0) return ' {}';
  return `\n${mapping(record, `${indent}  `)}`;
}

function mapping(data: Record<string, unknown>, indent: string): string {
  return Object.entries(data)
    .filter(([, item]) => item !== undefined)
    .map(([key, item]) => `${indent}${scalarText(key)}:${value(item, indent)}`)
    .join('\n');
}

/** The data as YAML text: a mapping, or a list of mappings (areas, stops). */
export function toYaml(data: Record<string, unknown> | readonly Record<string, unknown>[]): string {
  if (!Array.isArray(data)) return `${mapping(data as Record<string, unknown>, '')}\n`;
  if (data.length === 0) return '[]\n';
  return `${data.map((item) => `- ${mapping(item, '  ').slice(2)}`).join('\n')}\n`;
}
