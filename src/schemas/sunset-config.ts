import { z } from 'zod';
import { OFFERINGS } from './offerings.ts';

/** What a `rules:` setting can make of a rule's findings: a severity, or `off` to leave them out. */
export const SEVERITY_OVERRIDES = ['error', 'warning', 'off'] as const;

/** A rule's severity as the settings set it. */
export type SeverityOverride = (typeof SEVERITY_OVERRIDES)[number];

/** A release as the register writes it: `18.0`, `17.11`. */
const release = z
  .string()
  .regex(/^\d+\.\d+$/, 'expected a release such as "18.0" (in quotes in YAML is safest)')
  .describe('A release, major.minor, such as "18.0".');

/**
 * The settings file a repository keeps for `sunset`: `.sunset.yml` at the folder the command runs in, or a
 * `sunset` key in its `package.json`. Every key is optional and is what the flag of the same name would be;
 * a flag given on the command line wins over the file. The shape is this project's own.
 */
export const sunsetConfigSchema = z
  .object({
    /** The release you upgrade to (`--to`). */
    to: release.optional().describe('The release you upgrade to, as --to.'),
    /** The release you run now (`--from`); default: the lowest release the register knows. */
    from: release.optional().describe('The release you run now, as --from (default: the register’s lowest).'),
    /** Only changes that apply to this offering (`--offering`). */
    offering: z.enum(OFFERINGS).optional().describe('hosted, self-managed or dedicated, as --offering.'),
    /** Files and folders `check` and `fix` scan when none are named on the command line (default: `.`). */
    paths: z
      .array(z.string().min(1))
      .min(1)
      .optional()
      .describe('Files and folders to scan when none are named on the command line (default: the current folder).'),
    /**
     * More patterns to leave out of the walk, in `.gitignore` syntax, read as lines of a `.sunsetignore` in
     * this file's folder would be.
     */
    ignore: z
      .array(z.string().min(1))
      .optional()
      .describe('Patterns (.gitignore syntax) left out of the scan, as lines of a .sunsetignore beside this file.'),
    /** Register folders read with the built-in register (`--register`), relative to the file's folder. */
    register: z
      .array(z.string().min(1))
      .optional()
      .describe(
        'Register folders (sunset import --out) read with the built-in one, relative to this file; --register replaces them.',
      ),
    /** The level at which findings fail the run (`--fail-on`); default `removed`. */
    'fail-on': z.enum(['removed', 'deprecated', 'never']).optional().describe('As --fail-on (default: removed).'),
    /**
     * Where the documentation site is published: every link in reports and plans starts with it.
     * `SUNSET_SITE_URL` in the environment wins over it.
     */
    'site-url': z
      .url({ protocol: /^https?$/, error: 'expected an http or https address, such as https://sunset.example.org' })
      .optional()
      .describe('The published site every link in reports and plans points at; SUNSET_SITE_URL overrides it.'),
    /**
     * Severity per rule: an entry or error-condition id (or `parse-error`) mapped to `error`, `warning` or
     * `off`. Applied to findings before `fail-on` decides the run, and said in every report. An id the register
     * does not know is an error.
     */
    rules: z
      .record(z.string().min(1), z.enum(SEVERITY_OVERRIDES))
      .optional()
      .describe('Severity per entry or error-condition id (or parse-error): error, warning or off; applied before fail-on.'),
  })
  .strict();

/** A parsed settings file. */
export type SunsetConfig = z.output<typeof sunsetConfigSchema>;
