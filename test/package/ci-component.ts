import { readFileSync } from 'node:fs';
import { parseAllDocuments } from 'yaml';

/** One input of a component's `spec:` header. */
export interface ComponentInput {
  description?: string;
  default?: string;
  options?: string[];
}

/** A component file: its inputs and its text after the header, where `$[[ inputs.x ]]` still stands. */
export interface Component {
  inputs: Record<string, ComponentInput>;
  /** The component context the file asks for (`spec: component: [version]`). */
  context: string[];
  body: string;
}

/** Reads a component: the header document, then the job document(s) after `---`. */
export function readComponent(file: string): Component {
  const text = readFileSync(file, 'utf8');
  const [header] = parseAllDocuments(text);
  const spec = header?.toJS() as { spec?: { inputs?: Record<string, ComponentInput>; component?: string[] } } | undefined;
  const split = text.indexOf('\n---\n');
  if (!spec?.spec?.inputs || split < 0) throw new Error(`${file}: no spec: inputs: header followed by ---`);
  return { inputs: spec.spec.inputs, context: spec.spec.component ?? [], body: text.slice(split + 5) };
}

/**
 * Substitutes the inputs as the platform does when it includes a component: defaults for inputs not
 * given, an error for a missing required input, an unknown input or a value outside `options`; and the
 * component context the header asks for (`version` is the release it was included at, empty when included
 * at a branch or a commit).
 */
export function interpolate(component: Component, given: Record<string, string>, context: { version?: string } = {}): string {
  for (const name of Object.keys(given)) if (!(name in component.inputs)) throw new Error(`unknown input "${name}"`);
  const values: Record<string, string> = {};
  for (const [name, input] of Object.entries(component.inputs)) {
    const value = given[name] ?? input.default;
    if (value === undefined) throw new Error(`input "${name}" is required`);
    if (input.options && !input.options.includes(value)) throw new Error(`input "${name}": "${value}" is not one of its options`);
    values[name] = value;
  }
  return component.body
    .replace(/\$\[\[\s*inputs\.([\w-]+)\s*\]\]/g, (_match, name: string) => {
      const value = values[name];
      if (value === undefined) throw new Error(`the job uses input "${name}", which the spec does not declare`);
      return value;
    })
    .replace(/\$\[\[\s*component\.(\w+)\s*\]\]/g, (_match, name: string) => {
      if (!component.context.includes(name))
        throw new Error(`the job uses component.${name}, which spec: component does not list`);
      return name === 'version' ? (context.version ?? '') : '';
    });
}
