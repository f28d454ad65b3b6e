import { escapeHtml } from '../../markdown/markdown.ts';
import { type Html, html } from '../html.ts';
import { LIST_PAGE_WEIGHT, pageWeight } from '../page-weight.ts';
import { pageFile, pager, paginate } from '../paginate.ts';
import type { Packed } from '../project-packs.ts';
import type { ProjectStatus, ReadinessModel } from '../readiness-model.ts';
import { type PageFrame, type PageParts, pageFrame, sitePage } from '../site-layout.ts';
import { amount, count } from '../site-paths.ts';
import type { ProjectSection, SectionPiece } from './project-section.ts';

/** Projects per page of the project list: a list page, its rows short. */
export const PROJECTS_PER_LIST_PAGE = 1000;

type Frame = Omit<PageFrame, 'title' | 'description' | 'root' | 'section'>;
type Page = { file: string; html: string };

/** What the projects' pages need of the whole site: its frame and the target release. */
export type SiteInfo = Frame & { target: string };

/**
 * A project's section on a page, as parts: all of it, or (for one with pages of its own) a slice of its
 * pieces after the first page, without the head.
 */
function section(
  out: string[],
  target: string,
  status: ProjectStatus,
  head: string | undefined,
  pieces: readonly SectionPiece[],
): void {
  out.push(
    head === undefined ? '<section class="project">' : `<section class="project" id="${status.slug}">`,
    html`<h2>${status.project}${head === undefined ? ' (continued)' : ''}</h2>\n`.value,
  );
  if (head !== undefined) out.push(head, pieces.length === 0 ? '<p>No findings.</p>\n' : '');
  // The errors' list, then the warnings' list (the pieces come errors first), each under its heading.
  let open: boolean | undefined;
  for (const piece of pieces) {
    if (piece.error !== open) {
      if (open !== undefined) out.push('</ul>\n');
      open = piece.error;
      const heading = piece.error ? `Errors: removed by ${target}` : 'Warnings: deprecated or announced';
      out.push(`<h3>${escapeHtml(heading)}</h3>\n<ul class="finding-groups">\n`);
    }
    out.push(piece.html);
  }
  out.push(open === undefined ? '</section>\n' : '</ul>\n</section>\n');
}

function projectPage(site: SiteInfo, file: string, title: string, content: readonly string[]): PageParts {
  const [top, bottom] = pageFrame({
    trends: site.trends,
    siteUrl: site.siteUrl,
    title,
    description: `What ${title.startsWith('Projects ') ? 'these projects' : title} must change before ${site.target}.`,
    root: '../',
    section: 'projects',
  });
  return { file: `projects/${file}`, parts: [top, ...content, bottom] };
}

/** The page several projects share (see project-packs.ts): their sections, each at its anchor. */
export function sharedProjectPage(site: SiteInfo, projects: readonly Packed<ProjectSection>[]): PageParts {
  const first = (projects[0] as Packed<ProjectSection>).status;
  const last = (projects[projects.length - 1] as Packed<ProjectSection>).status;
  const title = projects.length === 1 ? first.project : `Projects ${first.project} to ${last.project}`;
  const content = [html`<h1>${title}</h1>\n`.value];
  if (projects.length > 1) content.push(`<p class="lede">${projects.length} projects, in order of their paths.</p>\n`);
  for (const { status, section: parts } of projects) section(content, site.target, status, parts.head, parts.pieces);
  return projectPage(site, first.page, title, content);
}

/** The pages of a project too large to share one: its section cut between entries' pieces. */
export function ownProjectPages(site: SiteInfo, status: ProjectStatus, parts: ProjectSection): PageParts[] {
  const pages = paginate(
    parts.pieces,
    (piece) => piece.weight,
    LIST_PAGE_WEIGHT - pageWeight(parts.head, 0),
    Number.POSITIVE_INFINITY,
  );
  return pages.map((pieces, index) => {
    const title = index === 0 ? status.project : `${status.project}, page ${index + 1}`;
    const content = [html`<h1>${title}</h1>\n`.value];
    section(content, site.target, status, index === 0 ? parts.head : undefined, pieces);
    content.push(pager(status.slug, pages.length, index, `Pages of ${status.project}`).value);
    return projectPage(site, pageFile(status.slug, index), title, content);
  });
}

function listRow(status: ProjectStatus): Html {
  return html`<tr><td><a href="${status.page}#${status.slug}">${status.project}</a></td><td>${status.ready ? 'Ready' : 'Not ready'}</td><td>${amount(status.errors)}</td><td>${amount(status.warnings)}</td><td>${status.report.time.slice(0, 10)}</td></tr>`;
}

/** `projects/index.html` and further pages: every counted project, not ready first. */
export function projectListPages(model: ReadinessModel, frame: Frame): Page[] {
  // The model's projects are in name order already: not ready first, each part in that order.
  const sorted = [...model.projects.filter((status) => !status.ready), ...model.projects.filter((status) => status.ready)];
  const pages = paginate(sorted, () => 1, Number.POSITIVE_INFINITY, PROJECTS_PER_LIST_PAGE);
  return pages.map((items, index) => ({
    file: `projects/${pageFile('index', index)}`,
    html: sitePage(
      {
        ...frame,
        title: 'Projects',
        description: `Every counted project and whether it is ready for ${model.target}.`,
        root: '../',
        section: 'projects',
      },
      html`<h1>Projects${index ? ` (page ${index + 1})` : ''}</h1>
<p class="lede">${count(model.totals.projects, 'project')}, not ready first.</p>
<div class="table-wrap"><table>
<caption>Projects and their newest report</caption>
<thead><tr><th scope="col">Project</th><th scope="col">Status</th><th scope="col">Errors</th><th scope="col">Warnings</th><th scope="col">Scanned</th></tr></thead>
<tbody>${items.map(listRow)}</tbody>
</table></div>
${pager('index', pages.length, index, 'Pages of projects')}`,
    ),
  }));
}
