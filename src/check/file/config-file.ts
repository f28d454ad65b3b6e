import path from 'node:path';
import { templateTarget } from './code-language.ts';

/**
 * What configuration a file holds, known by its content as well as its name, for the rules that read
 * configuration admins own:
 * - `gitlab-rb`: the Omnibus package's Ruby settings (`gitlab.rb`, its ERB or Jinja templates, a Chef
 *   wrapper's attributes, or `GITLAB_OMNIBUS_CONFIG` set in a compose file or a manifest);
 * - `dockerfile`: an image build (`Dockerfile`, `Containerfile`, `*.dockerfile`, or a text starting with `FROM`);
 * - `compose`: a compose file (`services:` holding `image:` or `build:`);
 * - `kubernetes`: Kubernetes or OpenShift manifests (`apiVersion:` with `kind:`);
 * - `terraform`: HCL with `resource`, `module` or `provider` blocks;
 * - `ansible`: Ansible tasks or playbooks (a list of tasks with `name:` and a module);
 * - `unit`: a systemd unit or an environment file (`Environment=`, `KEY=value` lines only).
 */
export type ConfigFile = 'gitlab-rb' | 'dockerfile' | 'compose' | 'kubernetes' | 'terraform' | 'ansible' | 'unit';

/** A setting line of `gitlab.rb`: `service['key'] = …` (also nested, also `<<`), at a line's start. */
const OMNIBUS_LINE = /^[ \t]*[a-z][a-z0-9_]*(?:\[\s*(?:'[^'\n]*'|"[^"\n]*"|:\w+)\s*\])+\s*(?:=(?![=~>])|<<)/m;
/** A Chef wrapper's attribute of the package: `default['gitlab']['gitlab_rails']…`. */
const CHEF_ATTRIBUTE = /\b(?:default|override|normal|node)\s*\[\s*['"]gitlab['"]\s*\]\s*\[/;
const DOCKERFILE_NAME = /(?:^|[./-])(?:Dockerfile|Containerfile)(?:$|[.-])|\.dockerfile$/i;
const DOCKERFILE_TEXT = /^(?:\s*#[^\n]*\n|\s*ARG\s[^\n]*\n|\s*\n)*\s*FROM\s+\S/i;
const COMPOSE_TEXT = /^services:[ \t]*$[\s\S]*?^[ \t]+(?:image|build):/m;
const MANIFEST_TEXT = /^apiVersion:[ \t]*\S+[\s\S]*?^kind:[ \t]*[A-Z]\w*/m;
const MANIFEST_TEXT_REVERSED = /^kind:[ \t]*[A-Z]\w*[\s\S]*?^apiVersion:[ \t]*\S+/m;
const TERRAFORM_TEXT = /^[ \t]*(?:resource|module|provider|data)[ \t]+"[\w-]+"(?:[ \t]+"[^"\n]*")?[ \t]*\{/m;
const ANSIBLE_TEXT = /^[ \t]*-[ \t]+(?:name|hosts|import_tasks|include_tasks|block):/m;
const ANSIBLE_MODULE = /^[ \t]+(?:[a-z]\w*\.[a-z]\w*\.)?[a-z]\w*:[ \t]*(?:$|\S)/m;
const UNIT_TEXT = /^\[(?:Unit|Service|Install)\][ \t]*$|^[ \t]*Environment(?:File)?=/m;
const ENV_FILE_TEXT = /^(?:[ \t]*(?:#[^\n]*)?\n|(?:export[ \t]+)?[A-Z_][A-Z0-9_]*=[^\n]*\n?)+$/;

const known = new Map<string, { text: string; kinds: ReadonlySet<ConfigFile> }>();

/**
 * The configuration a file holds, from its root-relative path and text; empty for anything else. The
 * last file asked about is remembered, since every rule that reads a file asks about the same one.
 */
export function configFiles(rootPath: string, text: string): ReadonlySet<ConfigFile> {
  const last = known.get(rootPath);
  if (last?.text === text) return last.kinds;
  const kinds = readConfigFiles(rootPath, text);
  known.clear();
  known.set(rootPath, { text, kinds });
  return kinds;
}

function readConfigFiles(rootPath: string, text: string): ReadonlySet<ConfigFile> {
  const found = new Set<ConfigFile>();
  const target = templateTarget(rootPath.replace(/\.erb$/i, ''));
  const base = path.posix.basename(target);
  const ext = path.posix.extname(base).toLowerCase();
  const yaml = ext === '.yml' || ext === '.yaml';
  if (
    /(?:^|[._-])gitlab\.rb$/.test(base) ||
    ((ext === '.rb' || /\.erb$/i.test(rootPath) || target !== rootPath || base === 'gitlab.rb') && OMNIBUS_LINE.test(text)) ||
    CHEF_ATTRIBUTE.test(text) ||
    text.includes('GITLAB_OMNIBUS_CONFIG')
  )
    found.add('gitlab-rb');
  if (DOCKERFILE_NAME.test(base) || (!yaml && ext !== '.rb' && DOCKERFILE_TEXT.test(text))) found.add('dockerfile');
  if (yaml && COMPOSE_TEXT.test(text)) found.add('compose');
  if (yaml && (MANIFEST_TEXT.test(text) || MANIFEST_TEXT_REVERSED.test(text))) found.add('kubernetes');
  if ((ext === '.tf' || ext === '.hcl') && TERRAFORM_TEXT.test(text)) found.add('terraform');
  if (yaml && ANSIBLE_TEXT.test(text) && ANSIBLE_MODULE.test(text)) found.add('ansible');
  if (/\.(?:service|env|conf)$|^(?:\.env|env)$/.test(base) || UNIT_TEXT.test(text) || (!yaml && ENV_FILE_TEXT.test(text)))
    found.add('unit');
  return found;
}
