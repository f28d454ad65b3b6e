import { z } from 'zod';
import {
  chartValueRuleSchema,
  configModuleRuleSchema,
  envVarRuleSchema,
  omnibusSettingRuleSchema,
} from './admin-config-rules.ts';
import { ruleCommon as common, ruleFixSchema } from './rule-sample.ts';

export { type RuleFix, ruleFixSchema, ruleSampleSchema } from './rule-sample.ts';

/** A CI/CD variable used in CI configuration or scripts: `$NAME`, `${NAME}`, `%NAME%`, or a `NAME:` key under `variables:`. */
export const ciVariableRuleSchema = z.strictObject({
  /** Discriminator: `ci-variable`. */
  kind: z.literal('ci-variable'),
  /** The exact variable name; word boundaries are enforced, so `CI_JOB_JWT` does not match `CI_JOB_JWT_V2`. */
  name: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/),
  /** Only report when the variable is set to this value (for example `LICENSE_MANAGEMENT_VERSION: 4`). */
  value: z.string().optional(),
  /**
   * Only settings count, and a setting to one of these values is fine (the remedy the platform gives, such
   * as `LICENSE_MANAGEMENT_VERSION: 4`, which keeps the legacy scanner). Reads of the variable are not
   * reported: they do not show the value.
   */
  unless_values: z.array(z.string()).min(1).optional(),
  /** The mechanical fix, when the change is a one-to-one rename; see {@link ruleFixSchema}. */
  fix: ruleFixSchema.optional(),
  ...common,
});

/**
 * A key in CI configuration YAML, matched structurally: a key, not a word in a comment or a string.
 * `path` is a dotted key path where `*` stands for any one key (a job name) and `[]` for any list item,
 * such as `*.secrets.*.vault` or `workflow.rules`.
 */
export const ciKeywordRuleSchema = z.strictObject({
  /** Discriminator: `ci-keyword`. */
  kind: z.literal('ci-keyword'),
  /** Dotted key path inside a CI configuration file. */
  path: z.string().min(1),
  /** Only report when the value at the path equals this scalar, or (for lists) contains it. */
  value: z.string().optional(),
  /**
   * For a key with a common name that matters only to one feature (a top-level variable that a scanning
   * job reads): literals of which one must also appear in the file outside comments, such as the name of
   * the feature's template or job. A file without any of them is not read by the rule.
   */
  context: z.array(z.string().min(1)).min(1).optional(),
  /**
   * When true a key whose value is empty (`[]`, `{}`, `null`, `""`) is not reported: it names the feature
   * but sets nothing, as `after_script: []` runs nothing on cancel. Default false.
   */
  unless_empty: z.boolean().optional(),
  /** The mechanical fix, when the change is a one-to-one rename; see {@link ruleFixSchema}. */
  fix: ruleFixSchema.optional(),
  ...common,
});

/**
 * A change that reaches projects which do *not* set a variable (a new default they did not opt out of): a
 * CI configuration file that uses the feature (one of `when` appears outside comments) and defines `name`
 * under no `variables:` map is reported at the first `when`. Its findings are warnings at most, whatever
 * the entry: the variable may be set where a repository cannot show it (the project's CI/CD settings, an
 * included file), and the project may want the new default.
 */
export const ciVariableUnsetRuleSchema = z.strictObject({
  /** Discriminator: `ci-variable-unset`. */
  kind: z.literal('ci-variable-unset'),
  /** The variable whose absence is reported. */
  name: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/),
  /** Literals that show the file uses the feature, such as the name of its template or its job. */
  when: z.array(z.string().min(1)).min(1),
  ...common,
});

/**
 * A job key that a feature needs and a job leaves out: in CI configuration, every job that has `uses`
 * (itself or through the jobs it `extends` in the same file) and declares `key` neither itself, through
 * those jobs, nor under `default:` is reported at its `uses` key. A job that extends a job the file does
 * not define may inherit the key from an included file, so it is not reported. Findings are warnings at
 * most, as for {@link ciVariableUnsetRuleSchema}.
 */
export const ciJobKeyUnsetRuleSchema = z.strictObject({
  /** Discriminator: `ci-job-key-unset`. */
  kind: z.literal('ci-job-key-unset'),
  /** The job key that shows a job uses the feature, such as `secrets`. */
  uses: z.string().regex(/^[A-Za-z_][\w-]*$/),
  /** The job key the feature needs, such as `id_tokens`. */
  key: z.string().regex(/^[A-Za-z_][\w-]*$/),
  ...common,
});

/**
 * What a YAML file is by its structure, wherever it lies: `ci` (CI configuration), `security-policy` (a
 * list of named policies under `approval_policy`, `scan_result_policy`, …) or `registry-config` (a
 * container registry's configuration).
 */
export const yamlShapeSchema = z.enum(['ci', 'security-policy', 'registry-config']);

/**
 * A key in YAML configuration files whose path matches `files` (globs) or whose structure is one of
 * `shapes`, matched structurally like `ci-keyword`. A template of such a file (`config.yml.in`, a Helm
 * template) is read too, and so is YAML held in a block string whose key names the registry's
 * configuration (`REGISTRY_NOTIFICATIONS_ENDPOINTS: |`, a `registry.yml` key of a config map).
 */
export const yamlKeyRuleSchema = z
  .strictObject({
    /** Discriminator: `yaml-key`. */
    kind: z.literal('yaml-key'),
    /** Globs of the files this rule reads, such as `**\/config.yml`; at least one of `files` and `shapes`. */
    files: z.array(z.string().min(1)).min(1).optional(),
    /** Shapes of the files this rule reads wherever they lie (see {@link yamlShapeSchema}). */
    shapes: z.array(yamlShapeSchema).min(1).optional(),
    /** Dotted key path, `*` for any one key, `[]` for any list item. */
    path: z.string().min(1),
    /** Only report when the value at the path equals this scalar. */
    value: z.string().optional(),
    /** The mechanical fix, when the change is a one-to-one rename; see {@link ruleFixSchema}. */
    fix: ruleFixSchema.optional(),
    ...common,
  })
  .refine((rule) => rule.files !== undefined || rule.shapes !== undefined, {
    error: 'a yaml-key rule reads files by `files` (globs), `shapes` or both; give at least one',
  });

/** What a GraphQL rule names. */
export const graphqlElementSchema = z.enum(['field', 'argument', 'type', 'enum-value', 'query', 'mutation']);

/** A GraphQL field, argument, type, enum value, query or mutation, in `.graphql` files and in query strings in code. */
export const graphqlRuleSchema = z.strictObject({
  /** Discriminator: `graphql`. */
  kind: z.literal('graphql'),
  /** What kind of schema element `name` is. */
  element: graphqlElementSchema,
  /** The element's name exactly as written in a query. */
  name: z.string().min(1),
  /**
   * For an argument: the field it belongs to. For a field: optionally the type or field it is selected
   * on (informational; queries do not always show the type).
   */
  parent: z.string().optional(),
  /** The mechanical fix, when the change is a one-to-one rename; see {@link ruleFixSchema}. */
  fix: ruleFixSchema.optional(),
  ...common,
});

/** A REST request in code or scripts (URLs in strings, curl lines). */
export const restRuleSchema = z.strictObject({
  /** Discriminator: `rest`. */
  kind: z.literal('rest'),
  /** HTTP method when the rule is specific to one; omitted means any. */
  method: z.enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']).optional(),
  /** Path shape with `:name` placeholders for variable segments, such as `/projects/:id/ci/lint`. */
  path: z.string().startsWith('/'),
  /** Query or body parameters that must all be present for the rule to fire. */
  params: z.array(z.string().min(1)).optional(),
  /**
   * When true the path may end a longer one (the spec names only its last segments, as `/approvals` of
   * `/projects/:id/approvals`). Otherwise the path starts at the API root: after a host, `/api/v4`, a
   * filled-in base (`${base}`, `$CI_API_V4_URL`) or a quote, so `/projects/1/users` and another
   * service's `/api/v1/users` are not `/users`.
   */
  suffix: z.boolean().optional(),
  ...common,
});

/** A command-line flag of a command, such as `--locked` of runner registration. */
export const cliFlagRuleSchema = z.strictObject({
  /** Discriminator: `cli-flag`. */
  kind: z.literal('cli-flag'),
  /** The command words that must precede the flag in the same statement (a command with its continuation lines), such as `register`. */
  command: z.string().min(1),
  /** The flag, with its dashes. */
  flag: z.string().regex(/^--?[A-Za-z0-9][A-Za-z0-9-]*$/),
  /**
   * The flag's short form, such as `-r` for `--registration-token`, matched as a whole word (`-r "$T"`,
   * `-r=$T`). The command's words must come before a short form even when the flag is `owned`, since
   * short forms are shared by many programs.
   */
  short: z
    .string()
    .regex(/^-[A-Za-z0-9]$/, 'a short flag is one dash and one letter or digit, such as `-r`')
    .optional(),
  /**
   * True when the flag belongs to this command alone, so it names the command wherever it stands: a
   * statement whose command is spelt indirectly (a template action such as `{{ runner_cmd }}`, a variable,
   * an argument list starting with one) is read as this command. A statement whose command is literally
   * another program is still not reported. Default false: the command's words must come first.
   */
  owned: z.boolean().optional(),
  /** The mechanical fix, when the change is a one-to-one rename; see {@link ruleFixSchema}. */
  fix: ruleFixSchema.optional(),
  ...common,
});

/** The platform's API clients an `api-client` rule reads; see {@link apiClientRuleSchema}. */
export const apiClientSchema = z.enum(['python-gitlab', 'go-gitlab', 'gitbeaker', 'terraform']);

/** An option field as a rule names it: `token`, or `status=paused` when only that value counts. */
const clientFieldSchema = z
  .string()
  .regex(/^[A-Za-z_]\w*(?:=[\w.:-]+)?$/, 'a field name, optionally with =value, such as `status=paused`');

/**
 * A call through one of the platform's API clients, which never names the REST path: a Python script using
 * python-gitlab (`import gitlab`), Go code importing the Go client (`github.com/xanzy/go-gitlab` or
 * `gitlab.com/gitlab-org/api/client-go`), JavaScript or TypeScript importing `@gitbeaker/rest` or
 * `@gitbeaker/node`, or a Terraform file with the provider's resources. The call's fields are read from its
 * statement and from the statements a variable ties to it in the same function (an options struct built
 * first, an object fetched and then set).
 */
export const apiClientRuleSchema = z
  .strictObject({
    /** Discriminator: `api-client`. */
    kind: z.literal('api-client'),
    /** Which client. */
    client: apiClientSchema,
    /**
     * The call as code writes it after the client object: python-gitlab's manager and method
     * (`runners.create`), the Go client's method, optionally with its service (`Projects.EditProject`),
     * gitbeaker's resource and method (`Runners.create`), or the Terraform resource type (`gitlab_runner`).
     * Alternatives are set apart with `|` (`Runners.create|Runners.register`). Omitted: the first of
     * `fields` is looked for wherever a file that uses the client sets or reads it.
     */
    call: z
      .string()
      .regex(/^[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*(?:\|[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*)*$/, 'dotted names, alternatives apart with |')
      .optional(),
    /** Fields the call must set, all of them, spelt as the client spells them (`Token`, `tagList`, `tag_list`). */
    fields: z.array(clientFieldSchema).min(1).optional(),
    /** Fields of which the call must set at least one. */
    any_fields: z.array(clientFieldSchema).min(1).optional(),
    /** Fields any of which, set, make the call fine (`pagination=keyset`). */
    unless_fields: z.array(clientFieldSchema).min(1).optional(),
    ...common,
  })
  .refine((rule) => rule.call !== undefined || rule.fields !== undefined, {
    error: 'an api-client rule names a `call`, or the `fields` it looks for wherever the client is used',
  });

/** A literal token anywhere in text files (metric names, commit-message skip options). */
export const textRuleSchema = z.strictObject({
  /** Discriminator: `text`. */
  kind: z.literal('text'),
  /** The literal to find. */
  literal: z.string().min(1),
  /** When true the literal must stand as a whole word (identifier characters may not touch it). */
  word: z.boolean().default(true),
  /** Globs restricting which files are read; omitted (with no `shapes`) means every text file. */
  files: z.array(z.string().min(1)).optional(),
  /** YAML files of these shapes are read too, wherever they lie (see {@link yamlShapeSchema}). */
  shapes: z.array(yamlShapeSchema).min(1).optional(),
  /**
   * For a generic word that is a use only where the platform's data is read (a report field named like a
   * common variable): literals of which one must also appear in the file, such as the report's file name
   * or its report type. A file without any of them is not read by the rule.
   */
  context: z.array(z.string().min(1)).min(1).optional(),
  /** The mechanical fix, when the change is a one-to-one rename; see {@link ruleFixSchema}. */
  fix: ruleFixSchema.optional(),
  ...common,
});

/** One detection rule of a register entry: data that `sunset check` runs. */
export const detectRuleSchema = z.discriminatedUnion('kind', [
  ciVariableRuleSchema,
  ciVariableUnsetRuleSchema,
  ciJobKeyUnsetRuleSchema,
  ciKeywordRuleSchema,
  yamlKeyRuleSchema,
  graphqlRuleSchema,
  restRuleSchema,
  cliFlagRuleSchema,
  textRuleSchema,
  apiClientRuleSchema,
  omnibusSettingRuleSchema,
  chartValueRuleSchema,
  envVarRuleSchema,
  configModuleRuleSchema,
]);

/** A detection rule. */
export type DetectRule = z.infer<typeof detectRuleSchema>;
/** The kinds of detection rule. */
export type DetectRuleKind = DetectRule['kind'];
