import { paletteFor } from '../check/report/text-report.ts';
import { buildPlan } from '../register/plan/build-plan.ts';
import { planToMarkdown } from '../register/plan/render/plan-markdown.ts';
import { planJson, planText } from '../register/plan/render/plan-text.ts';
import { type CliIo, EXIT, oneOf, parseOptions, UsageError } from './cli-io.ts';

/** `sunset plan --help`. */
const PLAN_HELP = `Usage: sunset plan --from <release> --to <release> [--offering <o>] [--format md|json|text]

Prints the upgrade checklist, the same as the site's upgrade page:
  Must do before upgrading  changes with from < removed_in <= to
  Plan ahead                changes after --to, except those announced only after --to
grouped by area, breaking changes first; each item links its entry and says how to find uses.

Options:
  --from <release>   the release you run now (required)
  --to <release>     the release you upgrade to (required; must be later than --from)
  --offering <o>     hosted, self-managed or dedicated
  --format <f>       md (default: a Markdown checklist to paste into an issue), text or json
  --direct           where the range crosses required upgrade stops (sunset import --upgrade-path),
                     one list for the whole range instead of one per leg between stops
  --register <dir>   also read the register folder <dir> (sunset import --out); repeatable
  -h, --help         this help

Exit codes: 0 printed, 2 usage error (unknown or malformed release, downgrade, equal releases).
`;

/** `sunset plan`: prints an upgrade plan. */
export async function planCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseOptions('plan', args, {
    from: { type: 'string' },
    to: { type: 'string' },
    offering: { type: 'string' },
    format: { type: 'string', default: 'md' },
    direct: { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  });
  if (values.help) {
    io.stdout.write(PLAN_HELP);
    return EXIT.ok;
  }
  if (positionals.length > 0) throw new UsageError(`sunset plan takes no paths (got "${positionals[0]}")`);
  const format = oneOf('format', values.format, ['md', 'json', 'text'] as const);
  // A flag wins over the folder's settings file.
  values.from ??= io.config?.from;
  values.to ??= io.config?.to;
  values.offering ??= io.config?.offering;
  if (values.from === undefined || values.to === undefined) {
    throw new UsageError('--from and --to are both required, such as sunset plan --from 16.11 --to 17.0');
  }
  const { register } = await io.loadRegister();
  const plan = buildPlan(register, {
    from: values.from,
    to: values.to,
    ...(values.offering ? { offering: values.offering } : {}),
    direct: values.direct,
  });
  if (plan.problems && plan.problems.length > 0) throw new UsageError(plan.problems.map((problem) => problem.message).join('\n'));
  const siteUrl = register.settings.site_url;
  const output = {
    md: () => planToMarkdown(plan, { siteUrl }),
    json: () => planJson(plan, siteUrl),
    text: () => planText(plan, siteUrl, paletteFor(io.stdout.isTTY, io.env)),
  }[format]();
  io.stdout.write(output);
  return EXIT.ok;
}
