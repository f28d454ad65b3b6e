import { describe, expect, it } from 'vitest';
import type { CheckRange } from '../../src/findings/active-rules.ts';
import { buildReadiness } from '../../src/readiness/readiness-model.ts';
import { targetProblem } from '../../src/readiness/report-coverage.ts';
import type { CheckReport } from '../../src/readiness/report-schema.ts';
import { internTable } from '../../src/readiness/report-summary.ts';
import { createRegister } from '../../src/register/register.ts';
import { makeEntry, registerData } from '../register/entry-fixture.ts';
import { summaryOf } from './summary-of.ts';

/**
 * Readiness at its edges, one row a case: a report for the target or a release either side of it; the
 * entries to check by hand for ranges that differ only in their offering, or whose ends equal a release;
 * a project with warnings only; and the trend's days at midnight, at a year's turn and across time zones.
 */
const register = createRegister(
  registerData({
    entries: [
      makeEntry({ id: 'by-hand-at-from', removed_in: '17.0', breaking: true }),
      makeEntry({ id: 'by-hand-at-to', removed_in: '18.0', breaking: true }),
      makeEntry({ id: 'by-hand-after-to', removed_in: '18.1', breaking: true }),
      makeEntry({ id: 'by-hand-hosted', removed_in: '17.5', breaking: true, offerings: ['hosted'] }),
      makeEntry({ id: 'by-hand-self-managed', removed_in: '17.5', breaking: true, offerings: ['self-managed'] }),
    ],
    releases: ['17.0', '17.5', '17.11', '18.0', '18.1'],
  }),
);

type Finding = CheckReport['findings'][number];
const finding = (ruleId: string, severity: Finding['severity']): Finding => ({
  ruleId,
  severity,
  file: 'a.yml',
  line: 1,
  column: 1,
  match: 'x',
  message: 'm',
});

const report = (project: string, time: string, findings: Finding[] = [], range: CheckRange = { from: '17.0', to: '18.0' }) =>
  ({
    tool: { name: 'sunset', version: '1.0.0' },
    project,
    time,
    register: { version: 'r' },
    rules: [],
    range,
    summary: { suppressed: 0, baselined: 0, scanned: 1 },
    findings,
  }) satisfies CheckReport;

function readiness(reports: CheckReport[], target = '18.0') {
  const intern = internTable();
  return buildReadiness({
    register,
    reports: reports.map((one, index) => summaryOf(one, `r${index}.json`, intern)),
    unread: [],
    target,
    generatedAt: '2026-02-01T00:00:00Z',
  });
}

describe('which reports count for a target', () => {
  it.each([
    ['a report up to the target', '18.0', '18.0', true],
    ['a report up to one minor below the target, across a major', '17.11', '18.0', false],
    ['a report up to one minor above the target', '18.1', '18.0', false],
    ['a report up to 16.1 for the target 16.10', '16.1', '16.10', false],
    ['a report up to the two-digit 16.10 for the target 16.10', '16.10', '16.10', true],
  ])('%s (%s for %s)', (_case, to, target, counted) => {
    expect(targetProblem({ to }, target) === undefined).toBe(counted);
  });
});

describe('entries to check by hand for a report’s range', () => {
  const byHand = (range: CheckRange) =>
    readiness([report('team/app', '2026-01-01T00:00:00Z', [], range)], range.to)
      .projects[0]?.byHand.slice()
      .sort();

  it.each([
    [
      'a range from 17.0 to 18.0, no offering',
      { from: '17.0', to: '18.0' },
      ['by-hand-at-to', 'by-hand-hosted', 'by-hand-self-managed'],
    ],
    [
      'the same range for the hosted offering',
      { from: '17.0', to: '18.0', offering: 'hosted' },
      ['by-hand-at-to', 'by-hand-hosted'],
    ],
    [
      'the same range for the self-managed offering',
      { from: '17.0', to: '18.0', offering: 'self-managed' },
      ['by-hand-at-to', 'by-hand-self-managed'],
    ],
    [
      'a range ending exactly at the offering changes',
      { from: '16.0', to: '17.5' },
      ['by-hand-at-from', 'by-hand-hosted', 'by-hand-self-managed'],
    ],
    ['a range starting exactly at the offering changes', { from: '17.5', to: '18.0' }, ['by-hand-at-to']],
  ] satisfies [string, CheckRange, string[]][])('%s', (_case, range, expected) => {
    expect(byHand(range)).toEqual(expected);
  });

  it('are worked out for each offering when two reports share a range but not an offering', () => {
    const model = readiness([
      report('team/hosted', '2026-01-01T00:00:00Z', [], { from: '17.0', to: '18.0', offering: 'hosted' }),
      report('team/self', '2026-01-01T00:00:00Z', [], { from: '17.0', to: '18.0', offering: 'self-managed' }),
    ]);
    expect(model.projects.map((status) => [status.project, [...status.byHand].sort()])).toEqual([
      ['team/hosted', ['by-hand-at-to', 'by-hand-hosted']],
      ['team/self', ['by-hand-at-to', 'by-hand-self-managed']],
    ]);
    expect(model.byHand.map((item) => [item.id, item.projects])).toEqual([
      ['by-hand-at-to', 2],
      ['by-hand-hosted', 1],
      ['by-hand-self-managed', 1],
    ]);
  });
});

describe('when a project is ready', () => {
  it.each([
    ['no findings', [], { ready: true, errors: 0, warnings: 0 }],
    ['warnings only', [finding('a', 'warning'), finding('b', 'warning')], { ready: true, errors: 0, warnings: 2 }],
    ['one error among warnings', [finding('a', 'warning'), finding('b', 'error')], { ready: false, errors: 1, warnings: 1 }],
    ['errors only', [finding('b', 'error')], { ready: false, errors: 1, warnings: 0 }],
  ] satisfies [string, Finding[], { ready: boolean; errors: number; warnings: number }][])('%s', (_case, findings, expected) => {
    const model = readiness([report('team/app', '2026-01-01T00:00:00Z', findings)]);
    expect(model.projects[0]).toMatchObject(expected);
    expect(model.totals).toMatchObject({
      ready: expected.ready ? 1 : 0,
      notReady: expected.ready ? 0 : 1,
      errors: expected.errors,
      warnings: expected.warnings,
    });
    expect(model.trend?.points[0]).toMatchObject({ ready: expected.ready ? 1 : 0, errors: expected.errors });
    const blocking = model.entries.filter((impact) => impact.blocking > 0).map((impact) => impact.id);
    expect(blocking).toEqual(findings.filter((one) => one.severity === 'error').map((one) => one.ruleId));
  });
});

describe('the trend’s days', () => {
  const point = (date: string, projects: number, findings: number) => ({ date, projects, findings });
  it.each([
    [
      'two reports of one day, at its first and last millisecond, make one point of the newer',
      [report('a', '2026-03-04T00:00:00.000Z', [finding('x', 'warning')]), report('a', '2026-03-04T23:59:59.999Z')],
      [point('2026-03-04', 1, 0)],
    ],
    [
      'a report at midnight starts the next day',
      [report('a', '2026-03-04T23:59:59.999Z', [finding('x', 'warning')]), report('a', '2026-03-05T00:00:00.000Z')],
      [point('2026-03-04', 1, 1), point('2026-03-05', 1, 0)],
    ],
    [
      'a year’s turn makes two points, the old year first',
      [report('a', '2026-01-01T00:00:00.000Z'), report('a', '2025-12-31T23:59:59.999Z', [finding('x', 'error')])],
      [point('2025-12-31', 1, 1), point('2026-01-01', 1, 0)],
    ],
    [
      'a time written with an offset falls on its day in UTC, across the year’s turn',
      [report('a', '2026-01-01T00:30:00+01:00', [finding('x', 'error')]), report('a', '2026-01-01T12:00:00Z')],
      [point('2025-12-31', 1, 1), point('2026-01-01', 1, 0)],
    ],
    [
      'a project not scanned on a day counts with its last report before it',
      [
        report('a', '2026-01-01T10:00:00Z', [finding('x', 'error')]),
        report('b', '2026-01-02T10:00:00Z', [finding('x', 'error'), finding('y', 'warning')]),
        report('a', '2026-01-03T10:00:00Z'),
      ],
      [point('2026-01-01', 1, 1), point('2026-01-02', 2, 3), point('2026-01-03', 2, 2)],
    ],
  ])('%s', (_case, reports, expected) => {
    const trend = readiness(reports).trend;
    expect(trend?.points.map(({ date, projects, findings }) => ({ date, projects, findings }))).toEqual(expected);
  });

  it('keeps each rule’s series on the same days', () => {
    const trend = readiness([
      report('a', '2025-12-31T23:00:00Z', [finding('x', 'error'), finding('x', 'error')]),
      report('a', '2026-01-01T01:00:00Z', [finding('x', 'error')]),
    ]).trend;
    expect(trend?.byEntry.get('x')).toEqual([2, 1]);
  });
});
