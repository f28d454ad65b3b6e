/**
 * Issues created from errors (reference design: the spec names the action, not its endpoint or the
 * issue's fields). One issue per error: asking again returns the issue already created. Each issue is
 * kept on its own (a row per issue), so creating one writes that issue only.
 */

/** An issue, with the fields the reference fills. */
export interface Issue {
  id: number;
  /** Number within the project. */
  iid: number;
  project_id: number;
  title: string;
  description: string;
  state: 'opened';
  /** The error the issue was created from. */
  error_id: number;
  created_at: string;
  web_url: string;
}

/** Issues per project. */
export interface IssueStore {
  /** Creates an issue with the next number of the project. */
  create(fields: Omit<Issue, 'id' | 'iid' | 'state' | 'created_at' | 'web_url'>, now: number, projectUrl: string): Issue;
  /** An issue by project and number. */
  get(projectId: number, iid: number): Issue | undefined;
  /** Every issue, oldest first. */
  all(): Issue[];
}

const scoped = (projectId: number, iid: number) => `${projectId}/${iid}`;

/**
 * Creates an issue store holding `initial`; `persist` keeps a new issue before the store takes it, so an
 * issue it refuses (it throws) is not created and asking again creates it once.
 */
export function createIssueStore(initial: Issue[] = [], persist: (issue: Issue) => void = () => {}): IssueStore {
  const byNumber = new Map<string, Issue>();
  const lastIid = new Map<number, number>();
  let lastId = 0;
  const put = (issue: Issue) => {
    byNumber.set(scoped(issue.project_id, issue.iid), issue);
    lastIid.set(issue.project_id, Math.max(lastIid.get(issue.project_id) ?? 0, issue.iid));
    lastId = Math.max(lastId, issue.id);
  };
  for (const issue of [...initial].sort((a, b) => a.id - b.id)) put(issue);
  return {
    create(fields, now, projectUrl) {
      const iid = (lastIid.get(fields.project_id) ?? 0) + 1;
      const issue: Issue = {
        id: lastId + 1,
        iid,
        ...fields,
        state: 'opened',
        created_at: new Date(now).toISOString(),
        web_url: `${projectUrl}/-/issues/${iid}`,
      };
      persist(issue);
      put(issue);
      return issue;
    },
    get: (projectId, iid) => byNumber.get(scoped(projectId, iid)),
    all: () => [...byNumber.values()],
  };
}
