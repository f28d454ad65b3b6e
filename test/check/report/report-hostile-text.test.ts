import { describe, expect, it } from 'vitest';
import { codequalityReport } from '../../../src/check/report/codequality-report.ts';
import { jsonReport } from '../../../src/check/report/json-report.ts';
import { junitReport } from '../../../src/check/report/junit-report.ts';
import { sarifReport } from '../../../src/check/report/sarif-report.ts';
import { PLAIN, textReport } from '../../../src/check/report/text-report.ts';
import type { Finding, Severity } from '../../../src/findings/finding.ts';
import { junitProblems, parseXml } from './junit-structure.ts';
import { reportInput } from './report-fixture.ts';
import { validateSarif } from './sarif-schema.ts';

/**
 * Every report format for each severity, given text a repository or an imported register can hold: line
 * breaks, `|`, `<`, `&`, quotes, a leading `=`, `+`, `-` or `@` (which spreadsheets run as formulas),
 * tabs, a terminal escape sequence and non-ASCII letters. Each format either keeps the text exactly (JSON,
 * SARIF, code quality, JUnit once parsed) or shows it on its own line without acting on it (text).
 */
const FILE = 'src/we|rd <dir> & "q"/=sum naïve 日本\n\u001b[31mred.ts';
const MESSAGE = '=HYPERLINK("http://x")\nsecond | line <b>&amp;</b> \'single\' "double" naïve ✓';
const FIX = '+cmd -x @SUM(A1)\ttab';
const MATCH = '-flag <x> & "y"';

const hostile = (severity: Severity): Finding => ({
  ruleId: 'hostile-entry',
  severity,
  file: FILE,
  line: 7,
  column: 3,
  match: MATCH,
  message: MESSAGE,
  fix: FIX,
  helpUri: 'https://sunset.example.com/register/hostile-entry/',
  fingerprint: 'f00d',
});
const input = (severity: Severity) =>
  reportInput(false, {
    findings: [hostile(severity)],
    rules: [{ id: 'hostile-entry', title: MESSAGE, description: `${MESSAGE} <more>`, fix: FIX, removedIn: '17.0' }],
  });
const SEVERITIES: Severity[] = ['error', 'warning'];

describe('the text report', () => {
  it.each(SEVERITIES)('shows a %s with hostile text on its own lines, control characters made visible', (severity) => {
    const mark = severity === 'error' ? '✖' : '!';
    const counts = severity === 'error' ? '1 error, 0 warnings' : '0 errors, 1 warning';
    expect(textReport(input(severity), PLAIN)).toBe(
      [
        'src/we|rd <dir> & "q"/=sum naïve 日本\\n\\x1b[31mred.ts',
        `  7:3     ${severity === 'error' ? 'error  ' : 'warning'}  =HYPERLINK("http://x") second | line <b>&amp;</b> 'single' "double" naïve ✓  hostile-entry`,
        '                   Fix: +cmd -x @SUM(A1) tab',
        '                   https://sunset.example.com/register/hostile-entry/',
        '',
        `${mark} 1 finding (${counts}) in 1 file for 16.11 → 17.0 · 12 files scanned (0.0 MB) · 1 suppressed · 1 skipped (--verbose lists them)`,
        'Not checked:',
        '  1 file skipped: 1 binary (--verbose lists them)',
        '',
      ].join('\n'),
    );
  });

  it('never writes a control character but the line ends, even in skipped paths', () => {
    const text = textReport(
      reportInput(false, {
        findings: [hostile('error')],
        skipped: [{ path: 'a\u001b]0;title\u0007.bin', reason: 'binary\nfile' }],
      }),
      PLAIN,
      true,
    );
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the characters a report must not write.
    expect(text).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/);
    expect(text).toContain('  a\\x1b]0;title\\x07.bin: binary file\n');
    expect(text).toContain('  1 file skipped: 1 binary file\n');
  });
});

describe('the JSON report', () => {
  it.each(SEVERITIES)('keeps a %s with hostile text exactly, as JSON escapes', (severity) => {
    const json = jsonReport(input(severity));
    expect(JSON.parse(json).findings).toEqual([hostile(severity)]);
    expect(JSON.parse(json).summary).toMatchObject(
      severity === 'error' ? { errors: 1, warnings: 0 } : { errors: 0, warnings: 1 },
    );
    expect(json).toContain(String.raw`"file": "src/we|rd <dir> & \"q\"/=sum naïve 日本\n\u001b[31mred.ts"`);
    expect(json).toContain(
      String.raw`"message": "=HYPERLINK(\"http://x\")\nsecond | line <b>&amp;</b> 'single' \"double\" naïve ✓"`,
    );
    expect(json).toContain(`"severity": "${severity}"`);
  });
});

describe('the code-quality report', () => {
  it.each([
    ['error', 'major'],
    ['warning', 'minor'],
  ] as const)('keeps a %s with hostile text exactly, at severity %s', (severity, level) => {
    expect(JSON.parse(codequalityReport(input(severity)))).toEqual([
      {
        type: 'issue',
        engine_name: 'sunset',
        description: `${MESSAGE} Fix: ${FIX}`,
        check_name: 'hostile-entry',
        fingerprint: 'f00d',
        severity: level,
        categories: ['Compatibility'],
        location: { path: FILE, lines: { begin: 7 } },
      },
    ]);
  });
});

describe('the SARIF report', () => {
  it.each([
    ['error', 'error'],
    ['warning', 'warning'],
  ] as const)('validates against SARIF 2.1.0 with a %s of hostile text, at level %s', (severity, level) => {
    const log = JSON.parse(sarifReport(input(severity)));
    expect(validateSarif(log), JSON.stringify(validateSarif.errors)).toBe(true);
    const [result] = log.runs[0].results;
    expect(result.level).toBe(level);
    expect(result.message.text).toBe(`${MESSAGE} Fix: ${FIX}`);
    expect(result.locations[0].physicalLocation).toEqual({
      artifactLocation: {
        uri: 'src/we%7Crd%20%3Cdir%3E%20%26%20%22q%22/%3Dsum%20na%C3%AFve%20%E6%97%A5%E6%9C%AC%0A%1B%5B31mred.ts',
        uriBaseId: '%SRCROOT%',
      },
      region: { startLine: 7, startColumn: 3, snippet: { text: MATCH } },
    });
    expect(decodeURIComponent(result.locations[0].physicalLocation.artifactLocation.uri)).toBe(FILE);
    expect(log.runs[0].tool.driver.rules[0]).toMatchObject({ shortDescription: { text: MESSAGE }, help: { text: FIX } });
  });
});

describe('the JUnit report', () => {
  it('is well-formed JUnit with a failing error and a passing warning of hostile text', () => {
    const xml = junitReport(reportInput(false, { findings: [hostile('error'), { ...hostile('warning'), line: 8 }] }));
    expect(junitProblems(xml)).toEqual([]);
    // A parser that normalises attributes turns a written line break into a space; a reference keeps it.
    expect(xml).toContain('message="=HYPERLINK(&quot;http://x&quot;)&#10;second | line &lt;b&gt;&amp;amp;&lt;/b&gt;');
    expect(xml).toContain('classname="src/we|rd &lt;dir&gt; &amp; &quot;q&quot;/=sum naïve 日本&#10;[31mred.ts"');
    const suite = parseXml(xml).children[0]?.children[0];
    const [failing, passing] = suite?.children.filter((child) => child.name === 'testcase') ?? [];
    // The escape character is one XML cannot hold; everything else reads back as written.
    const file = FILE.replace('\u001b', '');
    expect(failing?.attributes).toEqual({ classname: file, name: `${file}:7:3 hostile-entry`, file });
    expect(failing?.children[0]?.name).toBe('failure');
    expect(failing?.children[0]?.attributes).toEqual({ type: 'error', message: MESSAGE });
    expect(failing?.children[0]?.text).toBe(`error: ${MESSAGE}\nFix: ${FIX}\nhttps://sunset.example.com/register/hostile-entry/`);
    expect(passing?.children.map((child) => [child.name, child.text])).toEqual([
      ['system-out', `warning: ${MESSAGE}\nFix: ${FIX}\nhttps://sunset.example.com/register/hostile-entry/`],
    ]);
  });

  it.each([
    ['a lone high surrogate', 'a\ud800b', 'ab'],
    ['a lone low surrogate', 'a\udc00b', 'ab'],
    ['a character XML reserves', 'a\ufffeb\uffffc', 'abc'],
    ['a pair of surrogates (one character)', 'a😀b', 'a😀b'],
    ['a carriage return and a tab in an attribute', 'a\r\tb', 'a\r\tb'],
  ])('reads %s back as XML can hold it', (_case, message, read) => {
    const xml = junitReport(reportInput(false, { findings: [{ ...hostile('error'), message }] }));
    expect(junitProblems(xml)).toEqual([]);
    const testcase = parseXml(xml).children[0]?.children[0]?.children.find((child) => child.name === 'testcase');
    expect(testcase?.children[0]?.attributes.message).toBe(read);
  });

  it('counts failures by the gate: both fail at --fail-on deprecated, neither is an error at never', () => {
    const findings = [hostile('error'), { ...hostile('warning'), line: 8 }];
    const failures = (failOn: 'removed' | 'deprecated' | 'never') =>
      parseXml(junitReport(reportInput(false, { findings, failOn }))).children[0]?.attributes.failures;
    expect([failures('removed'), failures('deprecated'), failures('never')]).toEqual(['1', '2', '1']);
  });
});
