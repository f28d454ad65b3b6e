import { isMap, isScalar, isSeq, type Node, parseDocument, type Range, type Scalar } from 'yaml';
import type { z } from 'zod';
import type { Match } from '../../findings/finding.ts';
import type { chartValueRuleSchema } from '../../schemas/admin-config-rules.ts';
import type { AnalyzedFile } from '../file/analyzed-file.ts';
import { blockEnd } from '../file/block-range.ts';
import { templateTarget } from '../file/code-language.ts';
import { mapEntries, nodesAt, parseKeyPath, valueOffset } from '../file/yaml-path.ts';
import { escapeRegExp, type Matcher, onFirstUse } from './matcher.ts';

type ChartValueRule = z.output<typeof chartValueRuleSchema>;

/** Keys under which a release holds its values inline. */
const VALUES_KEYS = new Set(['values', 'valuesInline', 'valuesObject']);
/** Keys under which a release lists `--set` pairs as `{ name, value }`. */
const SET_KEYS = new Set(['set', 'setString', 'set_values', 'set_string']);

/** Whether a chart reference (`gitlab-runner`, `gitlab/gitlab-runner`, `oci://…/gitlab-runner`) is the chart. */
function namesChart(reference: string, chart: string): boolean {
  return reference === chart || reference.endsWith(`/${chart}`);
}

/** Whether a map, its values subtrees left out, holds a scalar that names the chart (at most two levels down). */
function mapNamesChart(node: unknown, chart: string, depth = 0): boolean {
  if (!isMap(node) || depth > 2) return false;
  return mapEntries(node).some(({ key, node: value }) => {
    if (VALUES_KEYS.has(key)) return false;
    if (isScalar(value)) return typeof value.value === 'string' && namesChart(value.value, chart);
    return mapNamesChart(value, chart, depth + 1);
  });
}

/**
 * A value of a Helm chart (see {@link chartValueRuleSchema}), in values files, releases and `helm` commands
 * that name the chart.
 */
export function chartValueMatcher(rule: ChartValueRule): Matcher {
  const steps = parseKeyPath(rule.path);
  const keys = rule.path.split('.');
  const text = rule.value === undefined ? rule.path : `${rule.path}=${rule.value}`;
  const chartWord = onFirstUse(() => new RegExp(String.raw`(?<![\w-])(?:[\w.:/-]*/)?${escapeRegExp(rule.chart)}(?![\w-])`));
  // A path names the chart as a folder or a file: `gitlab-runner/values.yaml`, `gitlab-runner-values.yaml`.
  const chartInPath = onFirstUse(() => new RegExp(String.raw`(?<![\w-])${escapeRegExp(rule.chart)}(?=[/._]|-values)`));
  const setFlag = onFirstUse(() => /--set(?:-string|-file|-json|-literal)?(?:=|\s+)(['"]?)([^\s'"]+)\1/dg);

  /** Matches of the path in a map of values. */
  const inValues = (root: Node | null, out: Match[]) => {
    for (const hit of nodesAt(root, steps)) {
      // An empty value (`key: ""`, `key:`) sets nothing: the chart reads it as not given.
      if (hit.node === null || (isScalar(hit.node) && (hit.node.value === null || hit.node.value === ''))) continue;
      if (rule.value === undefined) out.push({ offset: hit.offset, text });
      else {
        const offset = valueOffset(hit.node, rule.value);
        if (offset !== undefined) out.push({ offset, text });
      }
    }
  };

  /** A `--set` style pair list: `[{ name: path, value: … }]`. */
  const inSetList = (node: unknown, out: Match[]) => {
    if (!isSeq(node)) return;
    for (const item of node.items) {
      const entries = mapEntries(item);
      const name = entries.find((entry) => entry.key === 'name');
      if (!isScalar(name?.node) || String(name.node.value) !== rule.path) continue;
      const value = entries.find((entry) => entry.key === 'value');
      if (rule.value !== undefined && (!isScalar(value?.node) || String(value.node.value) !== rule.value)) continue;
      // A parsed node always has its range.
      out.push({ offset: ((name.node as Scalar).range as Range)[0], text });
    }
  };

  /** Values held as a YAML string (`values: |` of an Argo CD application): parsed, offsets mapped back. */
  const inValuesString = (file: AnalyzedFile, node: Scalar, out: Match[]) => {
    const [start, end] = node.range as Range;
    const found: Match[] = [];
    inValues(parseDocument(String(node.value)).contents as Node | null, found);
    if (found.length === 0) return;
    // The string's own offsets do not hold in the file; place the finding on the path's last key there (a
    // block string's header, `|` or `>-`, holds no key).
    const last = new RegExp(String.raw`(?<![\w-])${escapeRegExp(keys.at(-1) as string)}\s*:`).exec(
      file.source.text.slice(start, end),
    );
    out.push({ offset: last ? start + last.index : start, text });
  };

  const releases = (file: AnalyzedFile, node: unknown, out: Match[], parents: unknown[]) => {
    if (isSeq(node)) for (const item of node.items) releases(file, item, out, [...parents, node]);
    if (!isMap(node)) return;
    const entries = mapEntries(node);
    const named = [node, ...parents.filter(isMap).slice(-2)].some((map) => mapNamesChart(map, rule.chart));
    for (const entry of entries) {
      if (named && VALUES_KEYS.has(entry.key)) {
        if (isMap(entry.node)) inValues(entry.node, out);
        // A list of maps (helmfile); its file names (`- values.yaml`) hold no path.
        else if (isSeq(entry.node)) for (const item of entry.node.items) inValues(item as Node, out);
        else if (isScalar(entry.node)) inValuesString(file, entry.node, out);
        continue;
      }
      if (named && SET_KEYS.has(entry.key)) {
        inSetList(entry.node, out);
        continue;
      }
      releases(file, entry.node, out, [...parents, node]);
    }
  };

  /** The whole document as the chart's values: by the file's path, a sign key, or an umbrella chart's mount. */
  const valuesFile = (file: AnalyzedFile, root: unknown, out: Match[]) => {
    const entries = mapEntries(root);
    const mounted = entries.find((entry) => entry.key === rule.chart);
    if (mounted) inValues(mounted.node, out);
    if (entries.some((entry) => entry.key === 'apiVersion' || entry.key === 'kind')) return;
    const byPath = chartInPath().test(file.rootPath);
    const bySign = rule.signs?.some((sign) => entries.some((entry) => entry.key === sign)) ?? false;
    if (byPath || bySign) inValues(root as Node, out);
  };

  /** `--set path=value` in a `helm` command naming the chart. */
  const setFlags = (file: AnalyzedFile, out: Match[]) => {
    for (const found of file.source.text.matchAll(setFlag())) {
      const [start] = (found.indices as RegExpIndicesArray)[2] as [number, number];
      if (file.source.inComment(start)) continue;
      const statement = file.statements.at(start).text;
      if (!/(?<![\w-])helm(?:3)?(?![\w-])/.test(statement) || !chartWord().test(statement)) continue;
      let at = start;
      for (const pair of (found[2] as string).split(/(?<!\\),/)) {
        const [key, ...value] = pair.split('=');
        const written = (key as string).replace(/\[\d+\]/g, '');
        const covers = written === rule.path || written.startsWith(`${rule.path}.`);
        if (covers && (rule.value === undefined || value.join('=') === rule.value)) out.push({ offset: at, text });
        at += pair.length + 1;
      }
    }
  };

  /** Terraform `helm_release` blocks of the chart: `set` blocks and values written in HCL or YAML. */
  const helmReleases = (file: AnalyzedFile, out: Match[]) => {
    const source = file.source.text;
    for (const block of source.matchAll(/resource\s+"helm_release"\s+"[^"]*"\s*\{/g)) {
      const open = block.index + block[0].length - 1;
      const body = source.slice(open, blockEnd(source, open));
      const chart = /\bchart\s*=\s*"([^"]+)"/.exec(body);
      if (!chart || !namesChart(chart[1] as string, rule.chart)) continue;
      const set = new RegExp(String.raw`\bname\s*=\s*"(${escapeRegExp(rule.path)})"(?:[^}]*?\bvalue\s*=\s*"?([^"\n}]*)"?)?`, 'g');
      for (const found of body.matchAll(set)) {
        if (rule.value !== undefined && found[2]?.trim() !== rule.value) continue;
        const offset = open + found.index + found[0].indexOf('"');
        if (!file.source.inComment(offset)) out.push({ offset, text });
      }
      // Values as HCL (`yamlencode({ a = { b = … } })`) or YAML in a here-document (`a:\n  b: …`): each key after the last.
      const values = /\bvalues\s*=\s*\[/.exec(body);
      if (!values) continue;
      const listStart = values.index + values[0].length - 1;
      const list = body.slice(listStart, blockEnd(body, listStart));
      let from = 0;
      let offset: number | undefined;
      for (const key of keys) {
        const found = new RegExp(String.raw`(?<![\w-])"?${escapeRegExp(key)}"?\s*[=:]`, 'g');
        found.lastIndex = from;
        // A key commented out is passed over: the one written after it may be real.
        let hit = found.exec(list);
        while (hit && file.source.inComment(open + listStart + hit.index)) hit = found.exec(list);
        if (!hit) {
          offset = undefined;
          break;
        }
        offset = open + listStart + hit.index + (hit[0].startsWith('"') ? 1 : 0);
        from = hit.index + hit[0].length;
      }
      if (offset !== undefined) {
        if (
          rule.value === undefined ||
          new RegExp(String.raw`^\s*"?${escapeRegExp(rule.value)}"?\s*(?:$|[,}\n])`).test(list.slice(from))
        )
          out.push({ offset, text });
      }
    }
  };

  return {
    // Every use writes every key of the path; the longest (the earlier of equals) is the rarest in other files,
    // so `runners.tags` is prefiltered on `runners` and `global.grafana.enabled` on `grafana`.
    anchor: keys.reduce((best, key) => (key.length > best.length ? key : best)),
    applies: (kind) => kind === 'yaml' || kind === 'ci-yaml' || kind === 'code',
    match(file) {
      const out: Match[] = [];
      // Only a YAML file has documents; only a `.tf` file (code), or a template of one, is Terraform.
      for (const document of file.yamlQuietly() ?? []) {
        if (file.kind === 'yaml') valuesFile(file, document.contents, out);
        releases(file, document.contents, out, []);
      }
      if (templateTarget(file.rootPath).endsWith('.tf')) helmReleases(file, out);
      if (file.source.text.includes('--set')) setFlags(file, out);
      const seen = new Set<number>();
      return out.filter((match) => !seen.has(match.offset) && seen.add(match.offset)).sort((a, b) => a.offset - b.offset);
    },
  };
}
