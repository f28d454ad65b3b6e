/**
 * Detection rules over the configuration admins own rather than project code: the Omnibus package's
 * `gitlab.rb`, Helm chart values, the environment a command reads, and configuration-management modules.
 */
import { z } from 'zod';
import { ruleCommon as common } from './rule-sample.ts';

/**
 * A setting of the Omnibus package, as `gitlab.rb` writes it: `service['key'] = …`, nested
 * (`service['key']['sub'] = …`), a hash assigned whole (`service['key'] = { 'sub' => … }`), top-level
 * settings (`external_url '…'`, `roles ['…']`), in `gitlab.rb`, its ERB and Jinja templates, a Chef
 * wrapper's attributes (`default['gitlab']['service']['key']`) and `GITLAB_OMNIBUS_CONFIG` values.
 * Setting a key below the rule's counts as setting the rule's. Commented-out lines are not uses.
 */
export const omnibusSettingRuleSchema = z.strictObject({
  /** Discriminator: `omnibus-setting`. */
  kind: z.literal('omnibus-setting'),
  /**
   * The setting as a dotted path: the service, then its keys (`sidekiq.queue_selector`, `roles`,
   * `external_url`); `*` stands for any one key (`grafana.*`: every setting of a removed service).
   */
  setting: z
    .string()
    .regex(
      /^[a-z][a-z0-9_]*(?:\.(?:[A-Za-z0-9_-]+|\*))*$/,
      'a dotted path: the service, then its keys, such as `sidekiq.queue_selector`',
    ),
  /** Only report when the setting is given this value (a role name for `roles`, a literal otherwise). */
  value: z.string().optional(),
  ...common,
});

/**
 * A value of a Helm chart, by its dotted path: in a values file of the chart (known by the chart's name in
 * its path, by a top-level key of the chart's own (`signs`), or mounted under the chart's name in an
 * umbrella chart's values), in `--set`/`--set-string` of a `helm` command naming the chart, in a
 * Terraform `helm_release` of the chart (`set { name = … }`, `values = [yamlencode(…)]`), and in the
 * `values` of a release that names the chart (Flux `HelmRelease`, Argo CD `Application`, helmfile,
 * Ansible's helm module). The same key in another chart's values is not reported.
 */
export const chartValueRuleSchema = z.strictObject({
  /** Discriminator: `chart-value`. */
  kind: z.literal('chart-value'),
  /** The chart's name as releases write it after its repository (`gitlab-runner`, `gitlab`). */
  chart: z.string().regex(/^[a-z0-9][a-z0-9-]*$/),
  /** Dotted path of the value, as `--set` writes it (`runnerRegistrationToken`, `runners.locked`). */
  path: z.string().regex(/^[A-Za-z_][\w-]*(?:\.[A-Za-z_][\w-]*)*$/, 'a dotted path of keys, such as `runners.locked`'),
  /** Only report when the value is this scalar. */
  value: z.string().optional(),
  /**
   * Top-level keys of the chart's own values, one of which shows that a values file whose path does not
   * name the chart is this chart's (`gitlabUrl` for the runner chart). Without them only a path naming the
   * chart, or a release naming it, tells.
   */
  signs: z.array(z.string().min(1)).min(1).optional(),
  ...common,
});

/**
 * An environment variable a command reads, where it is set for that command: Dockerfile `ENV`, compose
 * `environment:`, Kubernetes and OpenShift `env:`, Ansible `environment:` and container `env:`, shell
 * `export` and inline assignments, `docker run -e`, systemd `Environment=` and environment files, an
 * environment built as data (a Chef or Ruby hash, a JSON map, the name and value pairs of a container
 * definition in JSON or HCL), and the
 * files of an environment directory (s6's `s6-envdir` and `with-contenv`: a file under `env/`, `envdir/`,
 * `env.d/` or `container_environment/` named for the variable and holding its value; an empty one unsets
 * it). The setting counts only where it is tied to the command: the container, service or task that sets
 * it names the command (its image, command or script), or the file does (a Dockerfile, a script, a unit),
 * or the file's path does (an environment file `gitlab-runner.env`, a service folder
 * `s6-rc.d/gitlab-runner/env/`, chart values `gitlab-runner/values.yaml` with `envVars:` at the top). The
 * same name set for another program is not reported.
 */
export const envVarRuleSchema = z.strictObject({
  /** Discriminator: `env-var`. */
  kind: z.literal('env-var'),
  /** The variable's exact name. */
  name: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/),
  /** The command that reads it, as its name is written in an image, a command line or a path (`gitlab-runner`). */
  command: z.string().regex(/^[A-Za-z0-9][\w.-]*$/),
  /** Only report when the variable is set to this value. */
  value: z.string().optional(),
  ...common,
});

/** The configuration-management tools a `config-module` rule reads. */
export const configToolSchema = z.enum(['ansible', 'terraform']);

/**
 * Arguments of a configuration-management module: an Ansible module's arguments in a task (as a map,
 * under `args:`, or free-form `key=value`), or a Terraform resource's or module's arguments (`resource
 * "type" "name" { argument = … }`, `module "name" { source = "…" argument = … }`).
 */
export const configModuleRuleSchema = z
  .strictObject({
    /** Discriminator: `config-module`. */
    kind: z.literal('config-module'),
    /** Which tool. */
    tool: configToolSchema,
    /**
     * The module: Ansible module names, fully qualified or short, apart with `|`
     * (`community.general.gitlab_runner|gitlab_runner`); a Terraform resource type, or part of a module's
     * `source` (a text with `/`, such as `cattle-ops/gitlab-runner`).
     */
    module: z.string().regex(/^[\w./:-]+(?:\|[\w./:-]+)*$/, 'module names apart with |'),
    /** Arguments any one of which, set, is a use. */
    arguments: z.array(z.string().regex(/^[A-Za-z_][\w-]*$/)).min(1),
    /** Only report when the argument is set to this value. */
    value: z.string().optional(),
    ...common,
  })
  .refine(
    (rule) => {
      const names = rule.module.split('|');
      const shortest = [...names].sort((a, b) => a.length - b.length)[0] as string;
      return names.every((name) => name.includes(shortest));
    },
    {
      error:
        'every module name of a config-module rule holds the shortest one (`community.general.gitlab_runner|gitlab_runner`): the check looks for it first',
    },
  );
