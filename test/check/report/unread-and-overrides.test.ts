import { describe, expect, it } from 'vitest';
import { codequalityReport } from '../../../src/check/report/codequality-report.ts';
import { jsonReport } from '../../../src/check/report/json-report.ts';
import { junitReport } from '../../../src/check/report/junit-report.ts';
import type { ReportInput } from '../../../src/check/report/report-input.ts';
import { sarifReport } from '../../../src/check/report/sarif-report.ts';
import { PLAIN, ruleStatistics, textReport } from '../../../src/check/report/text-report.ts';
import { reportInput } from './report-fixture.ts';

/**
 * What every report format says of a run with `--skip-unreadable` (the files it could not read, apart from
 * those skipped for other reasons) and of the settings' per-rule severities, and that it says none of it
 * when the run had neither. The unreadable path holds control characters, as a name from the repository may.
 */
const ODD = 'locked/odd\n\r\t\x07\x1bname.yml';
const unreadable = { path: ODD, reason: 'not readable (EACCES: permission denied)', unreadable: true as const };
const severityOverrides = [
  { id: 'ci-job-jwt-removed', severity: 'warning' as const, findings: 1 },
  { id: 'graphql-old-mutation-deprecated', severity: 'off' as const, findings: 2 },
];

const withBoth = (overrides: Partial<ReportInput> = {}) =>
  reportInput(false, {
    skipped: [{ path: 'logo.png', reason: 'binary' }, unreadable],
    skipUnreadable: true,
    severityOverrides,
    ...overrides,
  });
/** The same skipped files on a run without the flag or the settings (as a report of `fix --dry-run` reads). */
const without = () => withBoth({ skipUnreadable: undefined, severityOverrides: undefined });

describe('JUnit', () => {
  it('writes each unread file as a skipped case, counted, with a property saying the flag was given', () => {
    const xml = junitReport(withBoth());
    expect(xml).toContain(
      '  <testsuite name="sunset check --to 17.0" tests="3" failures="1" errors="0" skipped="1">\n' +
        '    <properties><property name="errors" value="1"/><property name="warnings" value="1"/><property name="skip-unreadable" value="true"/></properties>\n',
    );
    expect(xml).toContain(
      '    <testcase classname="locked/odd&#10;&#13;&#9;name.yml" name="locked/odd&#10;&#13;&#9;name.yml not checked" file="locked/odd&#10;&#13;&#9;name.yml">\n' +
        '      <skipped message="not readable (EACCES: permission denied); passed over with --skip-unreadable"/>\n' +
        '    </testcase>\n  </testsuite>\n</testsuites>\n',
    );
    expect(xml).toContain('<testsuites name="sunset" tests="3" failures="1">');
    const plain = junitReport(without());
    expect(plain).toContain('tests="2" failures="1" errors="0" skipped="0">');
    expect(plain).toContain('<property name="warnings" value="1"/></properties>');
    expect(plain).not.toContain('not checked');
  });
});

describe('code quality', () => {
  it('adds each unread file as an info issue after the findings, and nothing without the flag', () => {
    const issues = JSON.parse(codequalityReport(withBoth())) as unknown[];
    expect(issues).toHaveLength(3);
    expect(issues[2]).toEqual({
      type: 'issue',
      engine_name: 'sunset',
      description: 'Not checked: not readable (EACCES: permission denied) (--skip-unreadable)',
      check_name: 'unreadable',
      fingerprint: `unreadable:${ODD}`,
      severity: 'info',
      categories: ['Compatibility'],
      location: { path: ODD, lines: { begin: 1 } },
    });
    expect(JSON.parse(codequalityReport(without()))).toHaveLength(2);
  });
});

describe('JSON', () => {
  it('records the flag, the unread files alone and the per-rule severities, and none of them when absent', () => {
    const report = JSON.parse(jsonReport(withBoth()));
    expect(report.skipUnreadable).toBe(true);
    expect(report.unreadable).toEqual([{ path: ODD, reason: 'not readable (EACCES: permission denied)' }]);
    expect(report.severityOverrides).toEqual(severityOverrides);
    expect(report.summary.skipped).toBe(2);
    const plain = JSON.parse(jsonReport(without()));
    expect(Object.keys(plain)).not.toContain('skipUnreadable');
    expect(Object.keys(plain)).not.toContain('unreadable');
    expect(Object.keys(plain)).not.toContain('severityOverrides');
  });
});

describe('SARIF', () => {
  it('states the flag and the severities in the run’s properties and each unread file as a warning notification', () => {
    const [run] = JSON.parse(sarifReport(withBoth())).runs;
    expect(run.properties).toEqual({ from: '16.11', to: '17.0', skipUnreadable: true, severityOverrides });
    expect(run.invocations).toEqual([
      {
        executionSuccessful: true,
        toolExecutionNotifications: [
          {
            level: 'warning',
            message: { text: `${ODD} was not checked: not readable (EACCES: permission denied) (--skip-unreadable)` },
            locations: [
              { physicalLocation: { artifactLocation: { uri: 'locked/odd%0A%0D%09%07%1Bname.yml', uriBaseId: '%SRCROOT%' } } },
            ],
          },
        ],
      },
    ]);
    const [plain] = JSON.parse(sarifReport(without())).runs;
    expect(plain.properties).toEqual({ from: '16.11', to: '17.0' });
    expect(Object.keys(plain)).not.toContain('invocations');
  });
});

describe('text', () => {
  const tail = [
    '✖ 2 findings (1 error, 1 warning) in 2 files for 16.11 → 17.0 · 12 files scanned (0.0 MB) · 1 suppressed · 2 skipped · 1 not readable, not checked (--skip-unreadable)',
    'Severity set in the settings (rules:): ci-job-jwt-removed warning (1 finding), graphql-old-mutation-deprecated off (2 findings left out)',
    'Not checked:',
    '  2 files skipped: 1 binary, 1 not readable',
    '',
  ];

  it('names an unread file with its control characters made visible, counts it, and says the severities set', () => {
    const lines = textReport(withBoth(), PLAIN, true).split('\n');
    expect(lines.slice(-9)).toEqual([
      'Skipped',
      '  locked/odd\\n\\r\\t\\x07\\x1bname.yml: not readable (EACCES: permission denied)',
      '  logo.png: binary',
      '',
      ...tail,
    ]);
  });

  it('says nothing of the flag or the severities when the run had neither, or the settings set none', () => {
    const plain = textReport(without(), PLAIN, true);
    expect(plain).not.toContain('--skip-unreadable');
    expect(plain).not.toContain('Severity set');
    expect(textReport(withBoth({ severityOverrides: [] }), PLAIN)).not.toContain('Severity set');
  });

  it('counts reasons alike whether their details follow a parenthesis or a colon', () => {
    const input = reportInput(true, {
      skipped: [unreadable, { path: 'gone.yml', reason: 'not readable: it vanished', unreadable: true }],
    });
    expect(textReport(input, PLAIN)).toContain('  2 files skipped: 2 not readable (--verbose lists them)\n');
  });

  it('lists the changes to check by hand in verbose output as a block of their own, and no block when there are none', () => {
    const byHand = [{ id: 'old-integration-removed', title: 'An old integration is removed', removedIn: '17.0', url: 'u1' }];
    const text = textReport(reportInput(true, { skipped: [], byHand }), PLAIN, true);
    expect(text.split('\n').slice(0, 3)).toEqual([
      'Check by hand',
      '  old-integration-removed (17.0): An old integration is removed',
      '',
    ]);
    expect(textReport(reportInput(true, { skipped: [], byHand: [] }), PLAIN, true)).toBe(
      '✔ No removed or deprecated uses for 16.11 → 17.0 · 12 files scanned (0.0 MB) · 1 suppressed\n',
    );
  });

  it('pads the statistics’ counts to the widest and leaves no trailing space for a rule without a title', () => {
    const input = reportInput();
    const [first, second] = input.findings;
    if (!first || !second) throw new Error('fixture has two findings');
    input.findings = [...Array.from({ length: 10 }, (_, line) => ({ ...first, line })), { ...second, ruleId: 'untitled-rule' }];
    expect(ruleStatistics(input, PLAIN)).toEqual([
      '10  error    ci-job-jwt-removed  The old job JSON web tokens are removed',
      ' 1  warning  untitled-rule',
    ]);
  });
});
