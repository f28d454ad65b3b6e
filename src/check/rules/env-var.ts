import { isMap, isScalar, isSeq, type Node, type Range } from 'yaml';
import type { z } from 'zod';
import type { Match } from '../../findings/finding.ts';
import type { envVarRuleSchema } from '../../schemas/admin-config-rules.ts';
import type { AnalyzedFile } from '../file/analyzed-file.ts';
import { mapEntries } from '../file/yaml-path.ts';
import { escapeRegExp, type Matcher, onFirstUse } from './matcher.ts';

type EnvVarRule = z.output<typeof envVarRuleSchema>;

/** Keys under which YAML sets a process's environment: compose, Kubernetes, Ansible, CI jobs, chart values. */
const ENV_KEYS = new Set(['environment', 'env', 'envVars', 'extraEnv', 'env_vars', 'variables']);

/**
 * An environment variable set for the command that reads it (see {@link envVarRuleSchema}): in YAML, in the
 * container, service or task that names the command; in other text, in a file or under a path that names it.
 */
export function envVarMatcher(rule: EnvVarRule): Matcher {
  const name = escapeRegExp(rule.name);
  const command = onFirstUse(() => new RegExp(String.raw`(?<![\w-])${escapeRegExp(rule.command)}(?![\w-])`));
  const commandAll = onFirstUse(() => new RegExp(String.raw`(?<![\w-])${escapeRegExp(rule.command)}(?![\w-])`, 'g'));
  // `NAME=value` (export, inline, `-e`, `Environment=`, `ENV NAME=`), Dockerfile `ENV NAME value`, PowerShell `$env:NAME =`, `set NAME=`.
  const setting = onFirstUse(
    () =>
      new RegExp(
        [
          String.raw`(?<![\w$.{/-])(?<at0>${name})=(?<value0>"[^"\n]*"|'[^'\n]*'|[^\s"';]*)`,
          String.raw`^[ \t]*ENV[ \t]+(?<at1>${name})[ \t]+(?<value1>"[^"\n]*"|'[^'\n]*'|\S*)`,
          String.raw`\$env:(?<at2>${name})[ \t]*=[ \t]*(?<value2>"[^"\n]*"|'[^'\n]*'|\S*)`,
        ].join('|'),
        'dgim',
      ),
  );
  // In code that builds an environment as data (not YAML, which is read by its structure): a Ruby or Chef
  // hash (`['NAME'] = value`, `'NAME' => value`), a JSON map (`"NAME": value`), and a name and value pair of a
  // container definition (`{ "name": "NAME", "value": … }` in JSON, `{ name = "NAME", value = … }` in HCL).
  const asData = onFirstUse(
    () =>
      new RegExp(
        [
          String.raw`(?<q>["'])(?<at0>${name})\k<q>[ \t]*(?:\][ \t]*=(?![=~>])|=>|:)[ \t]*(?<value0>"[^"\n]*"|'[^'\n]*'|[\w.:/-]+)`,
          String.raw`["']?\bname["']?[ \t]*[:=][ \t]*["'](?<at1>${name})["'][ \t]*,?\s*["']?value["']?[ \t]*[:=][ \t]*(?<value1>"[^"\n]*"|'[^'\n]*'|[\w.:/\${}-]+)`,
        ].join('|'),
        'dg',
      ),
  );
  const text = rule.value === undefined ? rule.name : `${rule.name}=${rule.value}`;
  // A file of an environment directory (s6's `s6-envdir` and `with-contenv`, daemontools' `envdir`): named
  // for the variable, holding its value.
  const envDirFile = onFirstUse(() => new RegExp(String.raw`(?:^|/)(?:env|envdir|env\.d|container_environment)/${name}$`));
  // In a path the command may be part of a service's folder name (`svc-gitlab-runner`, `gitlab-runner-register`).
  const commandInPath = onFirstUse(() => new RegExp(`(?:^|[/._-])${escapeRegExp(rule.command)}(?:$|[/._-])`));
  /** Whether a string below a node names the command, the environment maps left out (a name set there does not). */
  const namesCommand = (node: unknown): boolean => {
    if (isScalar(node)) return typeof node.value === 'string' && command().test(node.value);
    if (isSeq(node)) return node.items.some(namesCommand);
    return mapEntries(node).some((entry) => !ENV_KEYS.has(entry.key) && namesCommand(entry.node));
  };
  const valueFits = (value: string | undefined) =>
    rule.value === undefined || (value ?? '').replace(/^(['"])(.*)\1$/, '$2') === rule.value;

  /** Whether the file names the command outside comments, or its path does. */
  const fileNamesCommand = (file: AnalyzedFile) => {
    if (command().test(file.rootPath)) return true;
    for (const found of file.source.text.matchAll(commandAll())) if (!file.source.inComment(found.index)) return true;
    return false;
  };

  const inYaml = (node: unknown, out: Match[]) => {
    if (isSeq(node)) for (const item of node.items) inYaml(item, out);
    for (const entry of mapEntries(node)) {
      if (ENV_KEYS.has(entry.key) && namesCommand(node)) envEntries(entry.node, out);
      else inYaml(entry.node, out);
    }
  };

  /** The variable in an environment: a map, a list of `NAME=value`, or a list of `{ name, value }`. */
  const envEntries = (node: Node | null, out: Match[]) => {
    for (const entry of mapEntries(node))
      if (entry.key === rule.name && valueFits(isScalar(entry.node) ? String(entry.node.value ?? '') : undefined))
        out.push({ offset: entry.offset, text });
    if (!isSeq(node)) return;
    for (const item of node.items) {
      if (isScalar(item) && typeof item.value === 'string') {
        const [key, ...value] = item.value.split('=');
        if (key === rule.name && valueFits(value.join('='))) out.push({ offset: (item.range as Range)[0], text });
        continue;
      }
      const fields = mapEntries(item);
      const named = fields.find((field) => field.key === 'name');
      if (!isScalar(named?.node) || named.node.value !== rule.name) continue;
      const value = fields.find((field) => field.key === 'value');
      if (valueFits(isScalar(value?.node) ? String(value.node.value ?? '') : undefined))
        out.push({ offset: (named.node.range as Range)[0], text });
    }
  };

  return {
    anchor: rule.name,
    // A setting in text, a key or list item of YAML, a quoted key of data: the name stands apart from other words.
    anchorEdges: 'word',
    fileNames: [rule.name],
    applies: (kind) => kind === 'yaml' || kind === 'ci-yaml' || kind === 'code',
    match(file) {
      const out: Match[] = [];
      if (envDirFile().test(file.rootPath)) {
        // The value is the file's first line; an empty file unsets the variable. The path ties it to the command.
        const value = file.source.text.split('\n', 1)[0] as string;
        if (file.source.text.length > 0 && commandInPath().test(file.rootPath) && valueFits(value.trimEnd()))
          out.push({ offset: 0, text });
        return out;
      }
      const documents = file.yamlQuietly();
      if (documents)
        for (const document of documents) {
          inYaml(document.contents, out);
          // Chart values set the program's environment at the top (`envVars:` of the runner chart); the
          // file's path names the program (`gitlab-runner/values.yaml`).
          if (isMap(document.contents) && commandInPath().test(file.rootPath) && !namesCommand(document.contents))
            for (const entry of mapEntries(document.contents)) if (ENV_KEYS.has(entry.key)) envEntries(entry.node, out);
        }
      else if (!fileNamesCommand(file)) return out;
      const seen = new Set(out.map((match) => match.offset));
      for (const found of file.source.text.matchAll(setting())) {
        // Both patterns have named groups and the `d` flag, so a match always has its groups and their indices.
        const groups = (found.indices as RegExpIndicesArray).groups as Record<string, [number, number] | undefined>;
        const index = ['0', '1', '2'].find((n) => groups[`at${n}`]) as string;
        const offset = (groups[`at${index}`] as [number, number])[0];
        if (
          seen.has(offset) ||
          file.source.inComment(offset) ||
          !valueFits((found.groups as Record<string, string>)[`value${index}`])
        )
          continue;
        // In YAML, an assignment in a script line counts where that command names the program.
        if (documents && !command().test(file.statements.at(offset).text)) continue;
        out.push({ offset, text });
      }
      if (!documents)
        for (const found of file.source.text.matchAll(asData())) {
          const groups = (found.indices as RegExpIndicesArray).groups as Record<string, [number, number] | undefined>;
          const index = groups.at0 ? '0' : '1';
          const offset = (groups[`at${index}`] as [number, number])[0];
          if (file.source.inComment(offset) || !valueFits((found.groups as Record<string, string>)[`value${index}`])) continue;
          out.push({ offset, text });
        }
      return out.sort((a, b) => a.offset - b.offset);
    },
  };
}
