import { type Document, isMap, isScalar, isSeq } from 'yaml';
import { mapEntries } from './yaml-path.ts';

/**
 * What a YAML file is, known from its structure wherever it lies:
 * - `ci`: CI configuration (a job with `script` or `trigger` and only job keywords, an `include` of
 *   local, template, project, remote or component files, or `stages` listed beside global keys);
 * - `security-policy`: a security policy (`approval_policy`, `scan_result_policy`, … holding a list of
 *   named policies with rules or actions);
 * - `registry-config`: a container registry configuration (`version` beside its sections, such as
 *   `storage`, `http` or `notifications`).
 */
export type YamlShape = 'ci' | 'security-policy' | 'registry-config';

/** Every keyword a CI job may hold; a map with another key is not a job. */
const JOB_KEYWORDS = new Set(
  '<< after_script allow_failure artifacts before_script cache coverage dast_configuration dependencies environment extends hooks id_tokens identity image inherit interruptible manual_confirmation needs pages parallel release resource_group retry rules run script secrets services stage start_in tags timeout trigger variables when only except'.split(
    ' ',
  ),
);
const INCLUDE_KINDS = ['local', 'template', 'project', 'remote', 'component'];
const GLOBAL_KEYS = ['variables', 'default', 'workflow', 'include'];
const POLICY_KEYS = new Set([
  'approval_policy',
  'scan_result_policy',
  'scan_execution_policy',
  'pipeline_execution_policy',
  'pipeline_execution_schedule_policy',
  'vulnerability_management_policy',
]);
const REGISTRY_SECTIONS = new Set([
  'storage',
  'http',
  'notifications',
  'auth',
  'middleware',
  'proxy',
  'redis',
  'health',
  'validation',
]);

/** A top-level entry that is a CI job: a map with `script` (or `trigger`) and nothing but job keywords. */
function isJob(node: unknown): boolean {
  const entries = mapEntries(node);
  const keys = entries.map((entry) => entry.key);
  const runs = entries.some(
    (entry) =>
      (entry.key === 'script' && (isSeq(entry.node) || isScalar(entry.node))) || (entry.key === 'trigger' && entry.node !== null),
  );
  return runs && keys.every((key) => JOB_KEYWORDS.has(key));
}

/** An `include` that only CI configuration writes: some item names a local, template, project, remote or component file. */
function isCiInclude(node: unknown): boolean {
  const items = isSeq(node) ? node.items : [node];
  return items.some((item) => mapEntries(item).some((entry) => INCLUDE_KINDS.includes(entry.key)));
}

function isCi(contents: unknown): boolean {
  const top = mapEntries(contents);
  if (top.some((entry) => isJob(entry.node))) return true;
  if (top.some((entry) => entry.key === 'include' && isCiInclude(entry.node))) return true;
  const stages = top.find((entry) => entry.key === 'stages')?.node;
  const stageNames = isSeq(stages) && stages.items.length > 0 && stages.items.every(isScalar);
  return stageNames && top.some((entry) => GLOBAL_KEYS.includes(entry.key));
}

function isPolicy(contents: unknown): boolean {
  return mapEntries(contents).some(
    (entry) =>
      POLICY_KEYS.has(entry.key) &&
      isSeq(entry.node) &&
      entry.node.items.length > 0 &&
      entry.node.items.every((item) => {
        const keys = mapEntries(item).map((inner) => inner.key);
        return keys.includes('name') && (keys.includes('rules') || keys.includes('actions') || keys.includes('content'));
      }),
  );
}

function isRegistryConfig(contents: unknown): boolean {
  if (!isMap(contents)) return false;
  const top = mapEntries(contents);
  return top.some((entry) => entry.key === 'version') && top.some((entry) => REGISTRY_SECTIONS.has(entry.key));
}

/** The shapes the documents of a file have (a file of several documents may have several). */
export function yamlShapes(documents: readonly Document[]): Set<YamlShape> {
  const shapes = new Set<YamlShape>();
  for (const document of documents) {
    const contents = document.contents;
    if (isCi(contents)) shapes.add('ci');
    if (isPolicy(contents)) shapes.add('security-policy');
    if (isRegistryConfig(contents)) shapes.add('registry-config');
  }
  return shapes;
}

/**
 * A quick look at the text before parsing it: only a text with a line of one of these keys can have one of
 * the shapes, so most YAML files (manifests, values) are never parsed for their shape.
 */
export function mayHaveShape(text: string): boolean {
  return /^(?:[ \t]+(?:script|trigger)|include|stages|version|[a-z_]+_policy)[ \t]*:/m.test(text);
}
