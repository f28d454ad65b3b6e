import { describe, expect, it } from 'vitest';
import { parseCheckReport } from '../../src/readiness/report-schema.ts';

const problem = (data: unknown) => {
  const parsed = parseCheckReport(data);
  if (!('problem' in parsed)) throw new Error('expected a problem');
  return parsed.problem;
};
const good = {
  tool: { name: 'sunset', version: '0.1.0' },
  range: { from: '17.0', to: '18.0' },
  summary: {},
  findings: [],
};

describe('why a report is not counted, in words', () => {
  it('names missing fields, not the schema library text', () => {
    expect(problem({ findings: [] })).toBe(
      'the field "tool" is missing; the field "range" is missing; the field "summary" is missing',
    );
    expect(problem({ ...good, tool: undefined, range: undefined, summary: undefined, time: 'x' })).toMatch(/ \(and 1 more\)$/);
  });

  it('says what a field should be and what it is', () => {
    expect(problem({ ...good, tool: { name: 'eslint', version: '9' } })).toBe(
      'the field "tool.name" should be "sunset" but is the text "eslint"',
    );
    expect(problem({ ...good, tool: 5 })).toBe('the field "tool" should be an object but is the number 5');
    expect(problem({ ...good, range: { from: '17.0', to: '18.0', offering: 'cloud' } })).toBe(
      'the field "range.offering" should be "hosted" or "self-managed" or "dedicated" but is the text "cloud"',
    );
    expect(problem({ ...good, time: 'yesterday' })).toBe(
      'the field "time" should be a date and time such as 2026-05-01T12:00:00Z but is the text "yesterday"',
    );
  });

  it('tells the bounds of numbers and texts at and across them', () => {
    expect('report' in parseCheckReport({ ...good, summary: { scanned: 0 } })).toBe(true);
    expect(problem({ ...good, summary: { scanned: -1 } })).toBe(
      'the field "summary.scanned" should be 0 or more but is the number -1',
    );
    expect(problem({ ...good, summary: { scanned: 1.5 } })).toBe(
      'the field "summary.scanned" should be a whole number but is the number 1.5',
    );
    expect('report' in parseCheckReport({ ...good, tool: { name: 'sunset', version: 'v'.repeat(100) } })).toBe(true);
    expect(problem({ ...good, tool: { name: 'sunset', version: 'v'.repeat(101) } })).toBe(
      'the field "tool.version" is too long (at most 100 characters)',
    );
    expect(problem({ ...good, project: '' })).toBe('the field "project" is too short (at least 1 character)');
  });

  it("says the job did not check anything for the component's error form", () => {
    const failed = {
      tool: { name: 'sunset', version: 'not installed' },
      error: 'sunset could not be installed from x.tgz',
      findings: [],
    };
    expect(problem(failed)).toBe('the job did not check anything: sunset could not be installed from x.tgz');
    // A report with a range is a report, whatever else it holds.
    expect('report' in parseCheckReport({ ...good, error: 'ignored' })).toBe(true);
  });

  it('says a list is not an object at the top', () => {
    expect(problem([])).toBe('the file should be an object but is a list');
  });
});
