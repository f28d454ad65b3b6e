import { type Document, isMap, isPair, isScalar, isSeq, parseAllDocuments, type Scalar } from 'yaml';
import { blankTemplateActions, hasTemplateActions } from './go-template.ts';
import { yamlShapes } from './yaml-shape.ts';

/** A YAML document held in a string value of a file, parsed in place (its offsets are the file's). */
export interface EmbeddedYaml {
  document: Document;
  /** The keys under which the document's root sits in the configuration it belongs to (`REGISTRY_NOTIFICATIONS_ENDPOINTS` → notifications, endpoints). */
  mount: string[];
}

/** An environment variable that sets part of a registry configuration: `REGISTRY_` and the keys, upper-cased. */
const REGISTRY_VARIABLE = /^REGISTRY(?:_[A-Z0-9]+)+$/;
/**
 * How a key is spelt in the name of a registry variable that mounts a document under it (`endpoints` in
 * `REGISTRY_NOTIFICATIONS_ENDPOINTS` is `_ENDPOINTS`); undefined for a key no such name can hold.
 */
export const mountedKeySpelling = (key: string): string | undefined =>
  /^[a-z0-9]+$/.test(key) ? `_${key.toUpperCase()}` : undefined;

/** A key that names a YAML file: `config.yml`, `registry.yaml.tpl`. */
const FILE_KEY = /\.ya?ml(?:\.tpl)?$/i;

/**
 * The YAML documents held in block strings of a file's documents, where the key says they are the
 * registry's configuration: a key naming the registry (`registry.yml`, `registry-config`), an environment
 * variable of the registry's (`REGISTRY_NOTIFICATIONS_ENDPOINTS`, as a map key or as the `name` beside a
 * `value`), or a file name whose content is a registry configuration by its shape. `parsedText` is the text
 * the documents were parsed from (Go template actions blanked, for a Helm template).
 */
export function embeddedYaml(parsedText: string, documents: readonly Document[]): EmbeddedYaml[] {
  const found: EmbeddedYaml[] = [];
  const visit = (node: unknown) => {
    if (isSeq(node)) for (const item of node.items) visit(item);
    if (!isMap(node)) return;
    const name = node.items.find((pair) => isScalar(pair.key) && pair.key.value === 'name')?.value;
    for (const pair of node.items) {
      if (!isPair(pair)) continue;
      const value = pair.value;
      if (isScalar(value) && (value.type === 'BLOCK_LITERAL' || value.type === 'BLOCK_FOLDED') && isScalar(pair.key)) {
        const key = String(pair.key.value);
        const variable = key === 'value' && isScalar(name) ? String(name.value) : key;
        const embedded = parseBody(parsedText, value);
        if (!embedded) continue;
        if (REGISTRY_VARIABLE.test(variable))
          found.push({
            document: embedded,
            mount: variable
              .split('_')
              .slice(1)
              .map((part) => part.toLowerCase()),
          });
        else if (/registry/i.test(key) || (FILE_KEY.test(key) && yamlShapes([embedded]).has('registry-config')))
          found.push({ document: embedded, mount: [] });
      } else visit(value);
    }
  };
  for (const document of documents) visit(document.contents);
  return found;
}

/** A block scalar's body parsed as YAML at its own offsets, when it is a map or a list and parses cleanly. */
function parseBody(text: string, scalar: Scalar): Document | undefined {
  const range = scalar.range;
  if (!range) return undefined;
  const header = text.indexOf('\n', range[0]);
  if (header === -1 || header >= range[1]) return undefined;
  const raw = text.slice(header + 1, range[1]);
  // A template's actions are blanked in the string too, whether or not the file around it parsed with them.
  const body = hasTemplateActions(raw) ? blankTemplateActions(raw) : raw;
  if (!/^\s*(?:[\w.-]+\s*:|-\s)/m.test(body)) return undefined;
  const blanked = `${text.slice(0, header + 1).replace(/[^\n]/g, ' ')}${body}`;
  const documents = parseAllDocuments(blanked, { uniqueKeys: false });
  if (!Array.isArray(documents) || documents.length !== 1) return undefined;
  const [document] = documents as Document[];
  if (!document || document.errors.length > 0 || !(isMap(document.contents) || isSeq(document.contents))) return undefined;
  return document;
}
