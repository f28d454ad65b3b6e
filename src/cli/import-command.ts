import path from 'node:path';
import { stringify } from 'yaml';
import { explainMerges, explanationText } from '../import/merge-explanation.ts';
import type { SkipReason } from '../import/platform-item.ts';
import { OutDirError } from '../import/register-folder-output.ts';
import { ImportInputError, type ImportResult, runImport } from '../import/run-import.ts';
import { type CliIo, EXIT, parseOptions, UsageError } from './cli-io.ts';

/** `sunset import --help`. */
export const IMPORT_HELP = `Usage: sunset import <folder|file>… --out <dir> [--upgrade-path <file>] [--settings <file>] [--suggest-rules] [--explain]

Reads the platform's own deprecation data (one YAML file per deprecation, each a list of items
with a title, milestones, a breaking flag and a Markdown body) and writes one register entry per
item to --out, marked origin: imported. Other commands read that folder with --register <dir>,
the site build with SUNSET_REGISTER=<dir>. A folder's own *.yml files are read, not sub-folders.

Items with a placeholder milestone (XX.YY), a missing or malformed field or a title already read
are reported as file:line and left out; nothing is guessed. Importing again into the same folder
keeps each entry's id, and the detect: and related: added to it.

Options:
  --out <dir>            the register folder to write (new, empty, or an earlier import)
  --upgrade-path <file>  also import the required upgrade stops (the platform's upgrade_path.yml)
  --settings <file>      also import the Omnibus package's list of deprecated gitlab.rb settings
                         (its deprecations.rb): the literal list only, read as data, never run;
                         one entry per setting, with a rule that finds it in gitlab.rb
  --suggest-rules        print candidate detect: blocks for identifiers the items show in code,
                         for review; nothing is applied (--out is optional with it)
  --explain              print how each item merges with the built-in register: the entry it
                         describes, the evidence (shared link, title, identifying names) and
                         where the two disagree (--out is optional with it)
  -h, --help             this help

Exit codes: 0 imported, 1 items were read but none could be imported, 2 usage error or nothing
could be read.
`;

const REASONS: Record<SkipReason, string> = {
  'yaml-error': 'file not read (YAML)',
  placeholder: 'placeholder milestone or date',
  'missing-field': 'missing field',
  'malformed-field': 'malformed field',
  'duplicate-title': 'duplicate title',
};

function summary(result: ImportResult, out: string | undefined): string {
  const skipped = Object.values(result.skipped).reduce((sum, count) => sum + count, 0);
  const reasons = (Object.entries(result.skipped) as [SkipReason, number][])
    .filter(([, count]) => count > 0)
    .map(([reason, count]) => `${count} ${REASONS[reason]}`);
  return [
    `sunset: import read ${result.files} file(s), ${result.itemsRead} item(s)`,
    out === undefined
      ? `${result.entries.length} importable`
      : `${result.written} entr${result.written === 1 ? 'y' : 'ies'} written to ${out}`,
    `${skipped} skipped${reasons.length > 0 ? ` (${reasons.join(', ')})` : ''}`,
    ...(result.removed > 0 ? [`${result.removed} earlier entr${result.removed === 1 ? 'y' : 'ies'} removed`] : []),
    ...(result.kept.length > 0
      ? [
          `${result.kept.length} earlier entr${result.kept.length === 1 ? 'y' : 'ies'} kept though the data no longer has ${result.kept.length === 1 ? 'its item' : 'their items'}, for the detect: or related: added by hand (${result.kept.join(', ')}); delete ${result.kept.length === 1 ? 'it' : 'them'} when no longer wanted`,
        ]
      : []),
    ...(result.stops ? [`${result.stops.length} upgrade stop(s)`] : []),
  ].join('; ');
}

function suggestionsText(result: ImportResult): string {
  const blocks: string[] = [
    '# Candidate detect: blocks, for review: none is applied. Paste a block into the entry file named above it,',
    '# adjust it, and run npm test: each rule must fire on its example and not on its near miss.\n',
  ];
  for (const entry of result.entries) {
    const candidates = result.suggestions.get(entry.id);
    if (!candidates) continue;
    const source = entry.sources?.[0];
    blocks.push(
      `# ${entry.id}: register/${entry.removed_in}/${entry.id}.yaml (from ${source?.file}, line ${source?.line})\n${stringify(
        { detect: candidates.map((candidate) => candidate.rule) },
        { lineWidth: 0 },
      )}`,
    );
  }
  if (blocks.length === 2) blocks.push('# No item shows an identifier in code that a rule could look for.\n');
  return blocks.join('\n');
}

/** `sunset import`: see {@link IMPORT_HELP}. */
export async function importCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseOptions('import', args, {
    out: { type: 'string' },
    'upgrade-path': { type: 'string' },
    settings: { type: 'string' },
    'suggest-rules': { type: 'boolean', default: false },
    explain: { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  });
  if (values.help) {
    io.stdout.write(IMPORT_HELP);
    return EXIT.ok;
  }
  if (positionals.length === 0 && values['upgrade-path'] === undefined && values.settings === undefined) {
    throw new UsageError('give the folder of deprecation files (or files) to import; see sunset import --help');
  }
  if (values.out === undefined && !values['suggest-rules'] && !values.explain) {
    throw new UsageError('--out <dir> is required: the register folder to write');
  }
  let result: ImportResult;
  try {
    result = runImport({
      inputs: positionals,
      cwd: io.cwd,
      ...(values.out !== undefined ? { out: values.out } : {}),
      ...(values['upgrade-path'] !== undefined ? { upgradePath: values['upgrade-path'] } : {}),
      ...(values.settings !== undefined ? { settings: values.settings } : {}),
      suggest: values['suggest-rules'],
    });
  } catch (error) {
    if (error instanceof ImportInputError || error instanceof OutDirError) throw new UsageError(error.message);
    throw error;
  }
  for (const problem of result.problems) {
    const left = problem.reason === 'yaml-error' ? '' : ' (left out)';
    io.stderr.write(`${problem.file}:${problem.line}: ${problem.message}${left}\n`);
  }
  if (values['suggest-rules']) io.stdout.write(suggestionsText(result));
  if (values.explain) {
    const { register } = await io.loadRegister();
    io.stdout.write(explanationText(explainMerges(register, result.entries, result.areas, values.out ?? 'imported')));
  }
  io.stderr.write(`${summary(result, values.out === undefined ? undefined : path.normalize(values.out))}\n`);
  const stopsRead = (result.stops?.length ?? 0) > 0;
  if (result.itemsRead === 0 && !stopsRead) {
    io.stderr.write('sunset: nothing could be read: no item in the files given\n');
    return EXIT.usage;
  }
  return result.entries.length === 0 && !stopsRead ? EXIT.findings : EXIT.ok;
}
