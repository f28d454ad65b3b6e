import { type ContentProblem, formatProblem } from '../../../register/content-error.ts';
import { readYamlWith } from '../../../register/yaml-source.ts';
import { funnelDefinitionSchema } from '../../../schemas/funnel-definition.ts';
import type { NamedFunnel } from '../query/member-catalog.ts';
import { filesIn, type RepositoryFiles } from '../repository/repository-files.ts';
import { funnelName, funnelNameProblem } from './funnel-name.ts';

/** The funnels a repository defines, and every problem with the files that did not load. */
export interface FunnelDefinitions {
  funnels: NamedFunnel[];
  /** Each problem located at file:line and field path. */
  problems: ContentProblem[];
  /** Funnels whose file did not load, by name, with the formatted problems, for query errors. */
  broken: { slug: string; message: string }[];
}

/** The folder funnel definitions live in. */
export const funnelsDirectory = (configDir: string) => `${configDir.replace(/\/$/, '')}/analytics/funnels`;

/** Reads every definition in `{config_dir}/analytics/funnels/` of a repository. */
export function readFunnelDefinitions(files: RepositoryFiles, configDir: string): FunnelDefinitions {
  const out: FunnelDefinitions = { funnels: [], problems: [], broken: [] };
  const seen = new Map<string, string>();
  for (const file of filesIn(files, funnelsDirectory(configDir), ['.yaml', '.yml'])) {
    const slug = funnelName(file);
    const problems: ContentProblem[] = [];
    const nameProblem = funnelNameProblem(slug);
    const earlier = seen.get(slug);
    if (nameProblem) problems.push({ file, message: nameProblem });
    else if (earlier)
      problems.push({ file, message: `${earlier} already defines the funnel "${slug}"; funnel names must be unique` });
    const result = readYamlWith(funnelDefinitionSchema, file, files.get(file) ?? '');
    if (!result.ok) problems.push(...result.problems);
    if (problems.length > 0 || !result.ok) {
      out.problems.push(...problems);
      if (!earlier) out.broken.push({ slug, message: problems.map(formatProblem).join('; ') });
      continue;
    }
    seen.set(slug, file);
    out.funnels.push({ slug, file, definition: result.data });
  }
  return out;
}
