/** A Go template action (`{{ … }}`) or a Jinja statement or comment (`{% … %}`, `{# … #}`). */
const ACTION = /\{\{[\s\S]*?\}\}|\{%[\s\S]*?%\}|\{#[\s\S]*?#\}/g;

/** Whether a text holds template actions (`{{ … }}`, `{% … %}`), as Helm charts, Ansible and templated configuration do. */
export function hasTemplateActions(text: string): boolean {
  return (text.includes('{{') || text.includes('{%')) && /\{\{[\s\S]*?\}\}|\{%[\s\S]*?%\}/.test(text);
}

/**
 * The text with every template action replaced by spaces of the same length (line breaks kept), so what
 * remains can be read as YAML at the same offsets: `key: {{ .Values.x }}` becomes an empty value and a
 * line holding only `{{- if … }}` becomes blank.
 */
export function blankTemplateActions(text: string): string {
  return text.replace(ACTION, (action) => action.replace(/[^\n]/g, ' '));
}
