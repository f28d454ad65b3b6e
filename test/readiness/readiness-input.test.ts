import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { csvField, csvRow } from '../../src/readiness/csv-field.ts';
import { EXPECTED_LIMITS, parseExpectedProjects } from '../../src/readiness/expected-projects.ts';
import { ReportPathError, readReport, reportFiles } from '../../src/readiness/read-reports.ts';
import { runCli } from '../check/run-cli.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'sunset-readiness-input-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const write = (name: string, text: string) => {
  mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
  writeFileSync(path.join(dir, name), text);
  return name;
};
const REPORT = {
  tool: { name: 'sunset', version: '0.1.0' },
  project: 'team/app',
  time: '2026-11-02T08:00:00.000Z',
  register: { version: 'abc' },
  range: { from: '17.0', to: '18.0' },
  summary: { suppressed: 0, baselined: 0, scanned: 1 },
  rules: [],
  findings: [{ ruleId: 'ci-job-jwt-removed', severity: 'error', file: 'a.yml', line: 1, column: 1, match: 'x', message: 'm' }],
};

describe('CSV fields', () => {
  it('quotes commas, quotes, line breaks and edge spaces, doubling quotes', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField(' padded')).toBe('" padded"');
    expect(csvField(42)).toBe('42');
    expect(csvRow(['a', 'b,c', 3])).toBe('a,"b,c",3\r\n');
  });

  it('keeps a spreadsheet from running text as a formula', () => {
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('+1')).toBe("'+1");
    expect(csvField('@sum')).toBe("'@sum");
  });
});

describe('reading report files', () => {
  it('says which field of a report does not fit, and refuses a file over the size limit', () => {
    const bad = write('bad/wrong-line.json', JSON.stringify({ ...REPORT, findings: [{ ...REPORT.findings[0], line: 'one' }] }));
    expect(readReport(bad, dir)).toEqual({
      file: bad,
      reason: expect.stringMatching(/^is not a sunset check JSON report: findings\.0\.line: /),
    });
    const good = write('good.json', JSON.stringify(REPORT));
    expect(readReport(good, dir)).toHaveProperty('report.project', 'team/app');
    const size = JSON.stringify(REPORT).length;
    expect(readReport(good, dir, { maxBytes: size, maxFiles: 10 })).toHaveProperty('report');
    expect(readReport(good, dir, { maxBytes: size - 1, maxFiles: 10 })).toEqual({
      file: good,
      reason: `is ${size} bytes, over the ${size - 1}-byte limit of a report`,
    });
  });

  it('walks folders for .json files and stops at the file limit', () => {
    write('many/a.json', '{}');
    write('many/b.json', '{}');
    write('many/sub/c.json', '{}');
    write('many/readme.txt', 'no');
    expect(reportFiles(['many'], dir)).toEqual(['many/a.json', 'many/b.json', 'many/sub/c.json']);
    expect(() => reportFiles(['many'], dir, { maxBytes: 1000, maxFiles: 2 })).toThrow(ReportPathError);
    expect(() => reportFiles(['nowhere'], dir)).toThrow('nowhere: no such file or directory');
  });
});

describe('the list of expected projects', () => {
  it('reads one path a line, without comments and blank lines, and names the bad line', () => {
    expect(parseExpectedProjects('# all\nteam/a\n\n team/b  # old\r\n', 'p.txt')).toEqual(['team/a', 'team/b']);
    expect(() => parseExpectedProjects('team/a\nteam b\n', 'p.txt')).toThrow('p.txt:2: "team b" is not a project path');
    expect(() => parseExpectedProjects(`${'x'.repeat(EXPECTED_LIMITS.length + 1)}\n`, 'p.txt')).toThrow('p.txt:1:');
    expect(() => parseExpectedProjects('a\n'.repeat(EXPECTED_LIMITS.lines), 'p.txt')).toThrow(
      `over the limit of ${EXPECTED_LIMITS.lines}`,
    );
  });
});

describe('sunset readiness usage errors', () => {
  it('reads --to as every command reads a release: 18 is 18.0', async () => {
    write('typed/report.json', JSON.stringify(REPORT));
    const typed = await runCli(['readiness', 'typed', '--out', 'typed-site', '--to', '18'], dir);
    expect(typed.code, typed.stderr).toBe(0);
    expect(typed.stderr).toMatch(/^sunset: readiness for 18\.0: /);
    const exact = await runCli(['readiness', 'typed', '--out', 'typed-site', '--to', '18.0'], dir);
    expect(typed.stderr).toBe(exact.stderr);
  });

  it('exits 2 with a clear message for bad input', async () => {
    write('in/report.json', JSON.stringify(REPORT));
    write('bad-projects.txt', 'team/a\n\nwith space\n');
    write('occupied/keep.txt', 'mine');
    const cases: [string[], string][] = [
      [['readiness', '--out', 'site'], 'give the report files or directories'],
      [['readiness', 'in'], '--out <dir> is required'],
      [['readiness', 'missing', '--out', 'site'], 'missing: no such file or directory'],
      [['readiness', 'in', '--out', 'site', '--projects', 'bad-projects.txt'], 'bad-projects.txt:3: "with space"'],
      [['readiness', 'in', '--out', 'site', '--projects', 'none.txt'], '--projects none.txt cannot be read'],
      [['readiness', 'in', '--out', 'site', '--to', '99.0'], '99.0'],
      [['readiness', 'in', '--out', 'occupied'], 'is not empty and holds no readiness site'],
      [['readiness', 'bad', '--out', 'site'], 'no readable report among bad'],
      [['readiness', 'in', '--out', 'site', '--bogus'], "Unknown option '--bogus'"],
    ];
    for (const [args, message] of cases) {
      const { code, stderr } = await runCli(args, dir);
      expect(code, args.join(' ')).toBe(2);
      expect(stderr, args.join(' ')).toContain(message);
    }
  });
});
