import { describe, expect, it } from 'vitest';
import { codequalityReport } from '../../../src/check/report/codequality-report.ts';
import { jsonReport } from '../../../src/check/report/json-report.ts';
import { junitReport } from '../../../src/check/report/junit-report.ts';
import { countBySeverity, fails, failsGate, plural } from '../../../src/check/report/report-input.ts';
import { sarifReport } from '../../../src/check/report/sarif-report.ts';
import { COLOURS, PLAIN, paletteFor, textReport } from '../../../src/check/report/text-report.ts';
import type { Finding } from '../../../src/findings/finding.ts';
import { reportInput } from './report-fixture.ts';

/**
 * Every report format, byte for byte, for inputs that differ in one thing at a time: a finding with or
 * without a fix or link, a range with an offering, a report with its origin, a clean run. A CI job reads
 * these files, so a changed character is a changed interface.
 */
const bare: Finding = {
  ruleId: 'graphql-old-mutation-deprecated',
  severity: 'warning',
  file: 'queries/old.graphql',
  line: 2,
  column: 3,
  match: 'oldMutation',
  message: 'A mutation is deprecated',
  fingerprint: 'c3',
};

describe('JUnit', () => {
  it('writes failing and passing cases, with the fix and link only when the finding has them', () => {
    const input = reportInput(false, { findings: [...reportInput().findings.slice(0, 1), bare] });
    expect(junitReport(input)).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<testsuites name="sunset" tests="2" failures="1">',
        '  <testsuite name="sunset check --to 17.0" tests="2" failures="1" errors="0" skipped="0">',
        '    <properties><property name="errors" value="1"/><property name="warnings" value="1"/></properties>',
        '    <testcase classname=".gitlab-ci.yml" name=".gitlab-ci.yml:3:24 ci-job-jwt-removed" file=".gitlab-ci.yml">',
        '      <failure type="error" message="The old job JSON web tokens are removed">error: The old job JSON web tokens are removed',
        'Fix: Declare ID tokens with `id_tokens`.',
        'https://sunset.example.com/register/ci-job-jwt-removed/</failure>',
        '    </testcase>',
        '    <testcase classname="queries/old.graphql" name="queries/old.graphql:2:3 graphql-old-mutation-deprecated" file="queries/old.graphql">',
        '      <system-out>warning: A mutation is deprecated</system-out>',
        '    </testcase>',
        '  </testsuite>',
        '</testsuites>',
        '',
      ].join('\n'),
    );
  });

  it('drops characters XML 1.0 cannot hold', () => {
    const input = reportInput(false, { findings: [{ ...bare, message: 'bell\u0007 and\u000b tab\t kept' }] });
    expect(junitReport(input)).toContain('<system-out>warning: bell and tab\t kept</system-out>');
  });

  it('fails on warnings too at --fail-on deprecated, and writes one passing case for a clean run', () => {
    expect(junitReport(reportInput(false, { findings: [bare], failOn: 'deprecated' }))).toContain(
      '      <failure type="warning" message="A mutation is deprecated">warning: A mutation is deprecated</failure>',
    );
    expect(junitReport(reportInput(true))).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<testsuites name="sunset" tests="1" failures="0">',
        '  <testsuite name="sunset check --to 17.0" tests="1" failures="0" errors="0" skipped="0">',
        '    <properties><property name="errors" value="0"/><property name="warnings" value="0"/></properties>',
        '    <testcase classname="sunset" name="no removed or deprecated uses up to 17.0"/>',
        '  </testsuite>',
        '</testsuites>',
        '',
      ].join('\n'),
    );
  });
});

describe('code quality', () => {
  it('writes each finding as an issue, the fix appended only when there is one', () => {
    const input = reportInput(false, { findings: [...reportInput().findings.slice(0, 1), bare] });
    expect(JSON.parse(codequalityReport(input))).toEqual([
      {
        type: 'issue',
        engine_name: 'sunset',
        description: 'The old job JSON web tokens are removed Fix: Declare ID tokens with `id_tokens`.',
        check_name: 'ci-job-jwt-removed',
        fingerprint: 'a1',
        severity: 'major',
        categories: ['Compatibility'],
        location: { path: '.gitlab-ci.yml', lines: { begin: 3 } },
      },
      {
        type: 'issue',
        engine_name: 'sunset',
        description: 'A mutation is deprecated',
        check_name: 'graphql-old-mutation-deprecated',
        fingerprint: 'c3',
        severity: 'minor',
        categories: ['Compatibility'],
        location: { path: 'queries/old.graphql', lines: { begin: 2 } },
      },
    ]);
    expect(codequalityReport(reportInput(true))).toBe('[]\n');
  });
});

describe('JSON', () => {
  it('records the tool, the origin, the range with its offering, the summary, the rules and the findings', () => {
    const input = reportInput(false, {
      range: { from: '16.11', to: '17.0', offering: 'hosted' },
      baselined: 2,
      origin: { project: 'team/app', commit: 'abc123', time: '2026-01-02T03:04:05.000Z', registerVersion: 'r1' },
    });
    expect(JSON.parse(jsonReport(input))).toEqual({
      tool: { name: 'sunset', version: '0.1.0' },
      project: 'team/app',
      commit: 'abc123',
      time: '2026-01-02T03:04:05.000Z',
      register: { version: 'r1' },
      range: { from: '16.11', to: '17.0', offering: 'hosted' },
      failOn: 'removed',
      summary: { errors: 1, warnings: 1, files: 2, scanned: 12, bytes: 2048, suppressed: 1, baselined: 2, skipped: 1 },
      rules: ['ci-job-jwt-removed', 'graphql-old-mutation-deprecated'],
      findings: input.findings,
    });
  });

  it('lists the entries to check by hand when it is given them, and says nothing of them otherwise', () => {
    const byHand = [
      {
        id: 'visual-reviews-removed',
        title: 'Visual Reviews are removed',
        removedIn: '17.0',
        url: 'https://s.test/register/visual-reviews-removed/',
      },
    ];
    expect(JSON.parse(jsonReport(reportInput(true, { byHand }))).checkByHand).toEqual(byHand);
    expect('checkByHand' in JSON.parse(jsonReport(reportInput(true)))).toBe(false);
  });

  it('leaves out what the origin does not know, and the whole origin when there is none', () => {
    const anonymous = JSON.parse(
      jsonReport(reportInput(true, { origin: { time: '2026-01-02T03:04:05.000Z', registerVersion: 'r1' } })),
    );
    expect(Object.keys(anonymous)).toEqual(['tool', 'time', 'register', 'range', 'failOn', 'summary', 'rules', 'findings']);
    expect(anonymous.range).toEqual({ from: '16.11', to: '17.0' });
    expect(Object.keys(JSON.parse(jsonReport(reportInput(true))))).toEqual([
      'tool',
      'range',
      'failOn',
      'summary',
      'rules',
      'findings',
    ]);
  });
});

describe('SARIF', () => {
  it('bases paths on the working directory, records the range and says the fix in the message', () => {
    const input = reportInput(false, {
      cwd: '/work/repo//',
      range: { from: '16.11', to: '17.0', offering: 'dedicated' },
      findings: [bare, ...reportInput().findings.slice(0, 1)],
    });
    const run = JSON.parse(sarifReport(input)).runs[0];
    expect(run.originalUriBaseIds).toEqual({ '%SRCROOT%': { uri: 'file:///work/repo/' } });
    expect(run.properties).toEqual({ from: '16.11', to: '17.0', offering: 'dedicated' });
    expect(run.results.map((result: { message: { text: string } }) => result.message.text)).toEqual([
      'A mutation is deprecated',
      'The old job JSON web tokens are removed Fix: Declare ID tokens with `id_tokens`.',
    ]);
    expect(run.results[0].locations[0].physicalLocation.region).toEqual({
      startLine: 2,
      startColumn: 3,
      snippet: { text: 'oldMutation' },
    });
    expect(JSON.parse(sarifReport(reportInput(true))).runs[0].properties).toEqual({ from: '16.11', to: '17.0' });
  });

  it('describes a rule without a link or release with what it has', () => {
    const rules = [{ id: 'plain-rule', title: 'A rule', description: 'What it finds.' }];
    const driver = JSON.parse(sarifReport(reportInput(true, { rules }))).runs[0].tool.driver;
    expect(driver.rules).toEqual([
      {
        id: 'plain-rule',
        name: 'plain-rule',
        shortDescription: { text: 'A rule' },
        fullDescription: { text: 'What it finds.' },
        help: { text: 'A rule' },
      },
    ]);
  });
});

describe('what fails and how it is counted', () => {
  it('fails errors at every level but never, warnings only at deprecated', () => {
    expect([fails('error', 'removed'), fails('error', 'deprecated'), fails('error', 'never')]).toEqual([true, true, false]);
    expect([fails('warning', 'removed'), fails('warning', 'deprecated'), fails('warning', 'never')]).toEqual([
      false,
      true,
      false,
    ]);
    expect(countBySeverity([bare, { ...bare, severity: 'error' }, { ...bare, severity: 'error' }])).toEqual({
      errors: 2,
      warnings: 1,
    });
    // The reports show --fail-on never as removed: only the exit code changes.
    expect([failsGate('error', 'never'), failsGate('warning', 'never')]).toEqual([true, false]);
    expect([failsGate('error', 'removed'), failsGate('warning', 'removed'), failsGate('warning', 'deprecated')]).toEqual([
      true,
      false,
      true,
    ]);
    expect([plural(1, 'file'), plural(0, 'file'), plural(2, 'file')]).toEqual(['1 file', '0 files', '2 files']);
  });
});

describe('text', () => {
  it('colours only a terminal, and an empty NO_COLOR does not turn colour off', () => {
    expect(paletteFor(true, {})).toBe(COLOURS);
    expect(paletteFor(true, { NO_COLOR: '' })).toBe(COLOURS);
    expect(paletteFor(true, { NO_COLOR: '1' })).toBe(PLAIN);
    expect(paletteFor(false, {})).toBe(PLAIN);
    expect(paletteFor(undefined, {})).toBe(PLAIN);
  });

  it('writes a finding without a fix or link on one line, trims its message, and sums up what it was given', () => {
    const input = reportInput(false, {
      findings: [{ ...bare, message: '  A mutation\n is deprecated  ' }],
      range: { from: '16.11', to: '17.0', offering: 'hosted' },
      stats: { files: 1, bytes: 3 * 1024 * 1024, candidates: 1, suppressed: 0 },
      skipped: [],
      baselined: 4,
    });
    expect(textReport(input, PLAIN)).toBe(
      [
        'queries/old.graphql',
        '  2:3     warning  A mutation is deprecated  graphql-old-mutation-deprecated',
        '',
        '! 1 finding (0 errors, 1 warning) in 1 file for 16.11 → 17.0 (hosted) · 1 file scanned (3.0 MB) · 4 in baseline',
        '',
      ].join('\n'),
    );
  });

  it('lists skipped and ignored files together in path order with --verbose', () => {
    const input = reportInput(true, {
      skipped: [{ path: 'z/logo.png', reason: 'binary' }],
      ignored: [
        { path: 'a/report.json', reason: 'this run writes it' },
        { path: 'm/vendor.js', reason: '.sunsetignore' },
      ],
    });
    expect(textReport(input, PLAIN, true).split('\n').slice(0, 4)).toEqual([
      'Skipped',
      '  a/report.json: this run writes it',
      '  m/vendor.js: .sunsetignore',
      '  z/logo.png: binary',
    ]);
  });

  it('lists what was skipped with --verbose, and says a clean run', () => {
    const verbose = textReport(reportInput(true), PLAIN, true);
    expect(verbose).toBe(
      [
        'Skipped',
        '  logo.png: binary',
        '',
        '✔ No removed or deprecated uses for 16.11 → 17.0 · 12 files scanned (0.0 MB) · 1 suppressed · 1 skipped',
        'Not checked:',
        '  1 file skipped: 1 binary',
        '',
      ].join('\n'),
    );
    expect(
      textReport(reportInput(true, { skipped: [], stats: { files: 0, bytes: 0, candidates: 0, suppressed: 0 } }), PLAIN, true),
    ).toBe('✔ No removed or deprecated uses for 16.11 → 17.0 · 0 files scanned (0.0 MB)\n');
  });
});
