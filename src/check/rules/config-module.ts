import { isScalar, isSeq } from 'yaml';
import type { z } from 'zod';
import type { Match } from '../../findings/finding.ts';
import type { configModuleRuleSchema } from '../../schemas/admin-config-rules.ts';
import type { AnalyzedFile } from '../file/analyzed-file.ts';
import { blockEnd } from '../file/block-range.ts';
import { mapEntries } from '../file/yaml-path.ts';
import { escapeRegExp, type Matcher, onFirstUse } from './matcher.ts';

type ConfigModuleRule = z.output<typeof configModuleRuleSchema>;

/**
 * Arguments of an Ansible module in tasks, or of a Terraform resource or module (see
 * {@link configModuleRuleSchema}).
 */
export function configModuleMatcher(rule: ConfigModuleRule): Matcher {
  const modules = rule.module.split('|');
  const valueFits = (value: unknown) => rule.value === undefined || String(value) === rule.value;
  const freeForm = onFirstUse(
    () => new RegExp(String.raw`(?<![\w-])(${rule.arguments.map(escapeRegExp).join('|')})=(?:'([^']*)'|"([^"]*)"|(\S*))`, 'g'),
  );

  const ansible = (node: unknown, out: Match[]) => {
    if (isSeq(node)) for (const item of node.items) ansible(item, out);
    // Anything but a mapping has no entries.
    const entries = mapEntries(node);
    const module = entries.find((entry) => modules.includes(entry.key));
    if (module) {
      const args = [module.node, entries.find((entry) => entry.key === 'args')?.node ?? null];
      for (const held of args) {
        for (const entry of mapEntries(held))
          if (rule.arguments.includes(entry.key) && valueFits(isScalar(entry.node) ? entry.node.value : undefined))
            out.push({ offset: entry.offset, text: `${module.key}.${entry.key}` });
      }
      if (isScalar(module.node) && typeof module.node.value === 'string') {
        for (const found of module.node.value.matchAll(freeForm()))
          if (valueFits(found[2] ?? found[3] ?? found[4])) out.push({ offset: module.offset, text: `${module.key}.${found[1]}` });
      }
    }
    for (const entry of entries) if (entry !== module) ansible(entry.node, out);
  };

  const terraform = (file: AnalyzedFile, out: Match[]) => {
    const text = file.source.text;
    for (const block of text.matchAll(/^[ \t]*(resource|module)[ \t]+"([\w-]+)"(?:[ \t]+"[^"\n]*")?[ \t]*\{/gm)) {
      const open = block.index + block[0].length - 1;
      const body = text.slice(open, blockEnd(text, open));
      // Only a module has a source; a resource's is never looked at.
      const source = /^\s*source\s*=\s*"([^"]+)"/m.exec(body)?.[1];
      const fits =
        block[1] === 'resource'
          ? modules.includes(block[2] as string)
          : source !== undefined && modules.some((module) => module.includes('/') && source.includes(module));
      if (!fits) continue;
      for (const found of body.matchAll(
        new RegExp(
          String.raw`^[ \t]*(${rule.arguments.map(escapeRegExp).join('|')})[ \t]*=[ \t]*(?:"([^"\n]*)"|([^\s#]*))`,
          'gm',
        ),
      )) {
        const offset = open + found.index + (found[0].length - found[0].trimStart().length);
        if (file.source.inComment(offset) || !valueFits(found[2] ?? found[3])) continue;
        out.push({ offset, text: `${block[1] === 'module' ? 'module.' : ''}${block[2]}.${found[1]}` });
      }
    }
  };

  return {
    // Every use names the module, and every alternative holds the shortest (the schema makes sure).
    anchor: [...modules].sort((a, b) => a.length - b.length)[0] as string,
    // Every path that ends in `.tf` is of kind `code`.
    applies: (kind, rootPath) => (rule.tool === 'ansible' ? kind === 'yaml' || kind === 'ci-yaml' : /\.tf$/.test(rootPath)),
    match(file) {
      const out: Match[] = [];
      // A YAML file that does not parse has no documents.
      if (rule.tool === 'ansible')
        file.yamlQuietly()?.forEach((document) => {
          ansible(document.contents, out);
        });
      else terraform(file, out);
      return out;
    },
  };
}
