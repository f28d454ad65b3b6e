/**
 * Issues created from errors (reference design: the spec names the action, not its endpoint or the
 * issue's fields). One issue per error: asking again returns the issue already created.
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
  /** Every issue, for snapshots. */
  all(): Issue[];
}

/** Creates an issue store holding `initial`; `onChange` sees every issue after a change. */
export function createIssueStore(initial: Issue[] = [], onChange: (issues: Issue[]) => void = () => {}): IssueStore {
  const issues: Issue[] = [...initial];
  return {
    create(fields, now, projectUrl) {
      const iid = issues.filter((issue) => issue.project_id === fields.project_id).length + 1;
      const issue: Issue = {
        id: issues.length + 1,
        iid,
        ...fields,
        state: 'opened',
        created_at: new Date(now).toISOString(),
        web_url: `${projectUrl}/-/issues/${iid}`,
      };
      issues.push(issue);
      onChange([...issues]);
      return issue;
    },
    get: (projectId, iid) => issues.find((issue) => issue.project_id === projectId && issue.iid === iid),
    all: () => [...issues],
  };
}
