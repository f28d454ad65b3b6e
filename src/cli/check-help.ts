import { SEVERITY_RULE } from '../findings/active-rules.ts';

/** `sunset check --help`. */
export const CHECK_HELP = `Usage: sunset check [paths…] --to <release> [options]

Finds uses of what the register removes or deprecates, with file, line and column.
Paths are files or directories (default: the current directory).

Options:
  --to <release>          the release you upgrade to (required), such as 18.0
  --from <release>        the release you run now (default: the lowest release the
                          register knows, so every change up to --to counts)
  --offering <o>          hosted, self-managed or dedicated: only changes that apply to it
  --format <f>            text (default), json, junit, sarif or codequality
  --output <file>         write the report to a file instead of standard output
  --report <f>=<file>     also write a report in format f to a file (repeatable), from the
                          same scan: --report json=sunset-report.json --report junit=junit.xml
  --fail-on <level>       removed (default): exit 1 on errors; deprecated: on errors or
                          warnings; never: always exit 0 (reports still show what the
                          release removes as failing)
  --baseline <file>       report only findings that are not in this baseline
  --update-baseline       write every current finding to the baseline file (the one given
                          with --baseline, or .sunset-baseline.json) and exit 0
  --rule <id>             only the rules of this entry (repeatable)
  --config-dir <dir>      the repository's configuration directory (default from the
                          register's settings: .gitlab)
  --max-file-size <bytes> skip larger files (default 1048576)
  --project <name>        the project the JSON report names (for sunset readiness); without
                          it, CI_PROJECT_PATH, else the path of the git remote origin
  --register <dir>        also read the register folder <dir> (sunset import --out); repeatable;
                          the scan leaves the folder out
  --force-exclude         leave out files named as arguments that .gitignore or .sunsetignore
                          ignore, as a walk would (the pre-commit hook sets it: it names
                          every staged file)
  --skip-unreadable       scan on when a file or folder cannot be read (permissions, an I/O
                          error, a file that vanished) instead of exiting 2; every report
                          says it and lists what was not read
  --statistics            print findings per rule (count, severity, rule, title), most
                          first, instead of each finding (text report only)
  --verbose               list skipped files (ignored, binary, too large, Sunset's own
                          reports), the changes to check by hand and where the register
                          was read from
  -h, --help              this help

Severity:
${SEVERITY_RULE.replace(/^/gm, '  ')}
  parse:   a CI configuration, policy or GraphQL file that does not parse is a finding
           (rule parse-error, error), never a silent skip. CI configuration is always parsed;
           other files when they contain a rule's anchor (else no rule could match them).

What is read:
  Files are walked honouring .gitignore (at every level) and .sunsetignore (same syntax);
  a file named as an argument is read even when ignored, unless --force-exclude is given;
  .git and node_modules are never entered, symbolic links are not followed, binary files
  and files over the size limit are skipped. A file or folder that cannot be read is
  an error (exit 2) unless --skip-unreadable is given: what is not read is not checked.
  Text in UTF-8 (with or without a byte-order mark) or UTF-16 (with one) is read. Sunset's own output is never read: the files this run writes
  (--output, --report, the baseline) and any file that is a Sunset report (SARIF, JSON,
  code-quality, JUnit), baseline or register entry sunset import wrote, wherever it lies.
  All rule anchors are searched in one pass; only files that contain one are parsed and
  matched.
  CI configuration is .gitlab-ci.yml, any *.gitlab-ci.yml, YAML under <config-dir>/ci/, and
  YAML files the root .gitlab-ci.yml includes with include: local. It is parsed with
  positions, so a key in a comment is not a use. Documentation (Markdown, text, HTML) is read
  only by plain text rules: a mention in prose is not a use.

Suppress one finding with a comment naming its rule id on the same line or the line above:
  # sunset-ignore ci-job-jwt-removed        (any comment syntax: # // /* */ <!-- -->)

Settings: .sunset.yml in the current folder (or the "sunset" key of package.json) may hold
  to, from, offering, paths, ignore, register, fail-on, site-url and rules; flags win over it.
  ignore: lists patterns read as lines of a .sunsetignore beside the file; rules: maps an
  entry or error-condition id (or parse-error) to error, warning or off, applied before
  --fail-on and said in the text and JSON reports.
  SUNSET_SITE_URL (else site-url) sets where the reports' links point.

Exit codes: 0 clean, 1 findings at the --fail-on level, 2 usage or input error
(including a file or folder that cannot be read, unless --skip-unreadable).
`;
