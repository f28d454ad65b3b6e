import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { activeRules, type CheckRange } from '../../src/findings/active-rules.ts';
import { registerVersion } from '../../src/findings/report-origin.ts';
import { buildReadiness, projectSlug, type ReadinessModel } from '../../src/readiness/readiness-model.ts';
import type { CheckReport, ReportFinding } from '../../src/readiness/report-schema.ts';
import { internTable, type ReportSummary } from '../../src/readiness/report-summary.ts';
import { loadRegister, type Register } from '../../src/register/index.ts';
import { summaryOf } from './summary-of.ts';

/**
 * The numbers readiness shows, worked out by hand for a few small reports: each project's newest report and
 * its history, the counts per project and in total, the entries that block the most projects, the entries
 * to check by hand, the expected projects without a report, and the order every list is shown in.
 */
const range: CheckRange = { from: '17.0', to: '18.0' };
let register: Register;
let model: ReadinessModel;
let errorRule: string;
let otherErrorRule: string;
let warningRule: string;
let reports: { file: string; report: CheckReport }[];
const summaries = (): ReportSummary[] => {
  const intern = internTable();
  return reports.map(({ file, report }) => summaryOf(report, file, intern));
};

const DAY = 24 * 60 * 60 * 1000;
const byId = (ids: string[]) => [...ids].sort((a, b) => a.localeCompare(b));
const at = (day: number) => new Date(Date.UTC(2026, 0, day) + 9 * 60 * 60 * 1000).toISOString();
const finding = (ruleId: string, severity: 'error' | 'warning', line = 1): ReportFinding => ({
  ruleId,
  severity,
  file: '.gitlab-ci.yml',
  line,
  column: 1,
  match: '',
  message: '',
});

function report(project: string, time: string, findings: ReportFinding[]): CheckReport {
  return {
    tool: { name: 'sunset', version: '0.1.0' },
    project,
    time,
    register: { version: registerVersion(register) },
    range,
    summary: { suppressed: 0, baselined: 0, scanned: 3 },
    rules: [...new Set(activeRules(register, range).map((rule) => rule.info.id))],
    findings,
  };
}

beforeAll(async () => {
  register = await loadRegister();
  const rules = activeRules(register, range);
  const errors = [...new Set(rules.filter((rule) => rule.severity === 'error').map((rule) => rule.info.id))].sort();
  [errorRule, otherErrorRule] = errors as [string, string];
  warningRule = rules.find((rule) => rule.severity === 'warning')?.info.id as string;
  expect(
    new Set([errorRule, otherErrorRule, warningRule, 'funnel-after-date-unsupported', 'parse-error', 'made-up-rule']).size,
  ).toBe(6);
  reports = [
    // team/b-app's newer report comes first on purpose: the newest by time counts, not the last given.
    {
      file: 'b-new.json',
      report: report('team/b-app', at(5), [
        finding(otherErrorRule, 'error'),
        finding(warningRule, 'warning', 2),
        finding(errorRule, 'error', 3),
        finding(errorRule, 'error', 4),
        finding('parse-error', 'error', 5),
        finding('funnel-after-date-unsupported', 'error', 6),
        finding('made-up-rule', 'warning', 7),
      ]),
    },
    { file: 'b-old.json', report: report('team/b-app', at(1), [finding(errorRule, 'error')]) },
    {
      file: 'a-lib.json',
      report: report('team/a-lib', at(3), [finding(warningRule, 'warning'), finding(errorRule, 'warning', 2)]),
    },
    { file: 'c-svc.json', report: report('team/c-svc', at(3), [finding(errorRule, 'error')]) },
  ];
});

// Built again for every test, inside it: a mutation tool counts what runs in beforeAll as reached by no test.
beforeEach(() => {
  model = buildReadiness({
    register,
    reports: summaries(),
    unread: [
      { file: 'z-broken.json', reason: 'is not JSON' },
      { file: 'm-broken.json', reason: 'is not JSON' },
    ],
    target: '18.0',
    expected: ['team/zeta', 'team/a-lib', 'team/alpha', 'team/zeta'],
    generatedAt: at(6),
  });
});

describe('readiness totals', () => {
  it('counts each project by its newest report, keeping the others as its history, oldest first', () => {
    expect(model.projects.map((status) => status.project)).toEqual(['team/a-lib', 'team/b-app', 'team/c-svc']);
    const app = model.projects[1];
    expect(app?.report.file).toBe('b-new.json');
    expect(app?.history.map((item) => item.file)).toEqual(['b-old.json', 'b-new.json']);
    expect(model.projects.map((status) => [status.errors, status.warnings, status.ready])).toEqual([
      [0, 2, true],
      [5, 2, false],
      [1, 0, false],
    ]);
    expect(model.totals).toEqual({ projects: 3, ready: 1, notReady: 2, findings: 10, errors: 6, warnings: 4 });
  });

  it('ranks entries by the projects they block, then by the projects that use them, naming each', () => {
    expect(model.entries.map((impact) => [impact.id, impact.blocking, impact.projects, impact.findings])).toEqual([
      [errorRule, 2, 3, 4],
      ...byId(['funnel-after-date-unsupported', otherErrorRule, 'parse-error']).map((id) => [id, 1, 1, 1]),
      [warningRule, 0, 2, 2],
      ['made-up-rule', 0, 1, 1],
    ]);
    const title = (id: string) => model.entries.find((impact) => impact.id === id)?.title;
    expect(title(errorRule)).toBe(register.entry(errorRule)?.title);
    expect(title('funnel-after-date-unsupported')).toBe(
      register.errors.find((error) => error.id === 'funnel-after-date-unsupported')?.condition,
    );
    expect(title('parse-error')).toBe('Files that do not parse');
    expect(title('made-up-rule')).toBe('made-up-rule');
  });

  it('counts the entries to check by hand over the projects, sorted by title', () => {
    const byHand = model.projects[0]?.byHand ?? [];
    expect(byHand.length).toBeGreaterThan(1);
    expect(model.byHand.map((item) => item.id).sort()).toEqual([...byHand].sort());
    expect(model.byHand.every((item) => item.projects === 3)).toBe(true);
    const titles = model.byHand.map((item) => item.title);
    expect(titles).toEqual([...titles].sort((a, b) => a.localeCompare(b)));
    expect(titles).toEqual(model.byHand.map((item) => register.entry(item.id)?.title));
  });

  it("carries the platform's facts of an entry to check by hand, where imported items describe it", () => {
    const described = model.byHand[0]?.id as string;
    const withSource = Object.create(register) as Register;
    withSource.entry = (id: string) => {
      const entry = register.entry(id);
      return entry && id === described
        ? { ...entry, sources: [{ file: 'd.yml', item: 0, documentation_url: 'https://doc/x', resolution_role: 'Owner' }] }
        : entry;
    };
    const facts = buildReadiness({
      register: withSource,
      reports: summaries(),
      unread: [],
      target: '18.0',
      generatedAt: at(6),
    }).byHand;
    expect(facts.find((item) => item.id === described)?.platform).toEqual({
      imported: false,
      links: [{ label: 'documentation', href: 'https://doc/x' }],
      resolutionRole: 'Owner',
    });
    expect(facts.filter((item) => item.platform).map((item) => item.id)).toEqual([described]);
  });

  it('names the expected projects without a report once each, sorted, and lists unread files by name', () => {
    expect(model.missing).toEqual(['team/alpha', 'team/zeta']);
    expect(model.unread.map((item) => item.file)).toEqual(['m-broken.json', 'z-broken.json']);
    expect(model.trend?.points.map((point) => [point.date, point.projects])).toEqual([
      ['2026-01-01', 1],
      ['2026-01-03', 3],
      ['2026-01-05', 3],
    ]);
    expect(Date.parse(at(5)) - Date.parse(at(1))).toBe(4 * DAY);
  });
});

describe('project page names', () => {
  it('are readable, at most 60 characters before an 8-digit digest, and never empty', () => {
    expect(projectSlug('Team/Ω Weird  name!!')).toMatch(/^team-weird-name-[0-9a-f]{8}$/);
    expect(projectSlug('!!!')).toMatch(/^project-[0-9a-f]{8}$/);
    const long = projectSlug(`group/${'a'.repeat(100)}`);
    expect(long).toMatch(/^group-a{54}-[0-9a-f]{8}$/);
    expect(projectSlug('group/app')).not.toBe(projectSlug('group-app'));
  });
});
