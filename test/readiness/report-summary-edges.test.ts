import { describe, expect, it } from 'vitest';
import { buildReadiness } from '../../src/readiness/readiness-model.ts';
import type { CheckReport } from '../../src/readiness/report-schema.ts';
import { internTable, packCounts, ruleCountsOf } from '../../src/readiness/report-summary.ts';
import { loadRegister } from '../../src/register/index.ts';
import { summaryOf } from './summary-of.ts';

/**
 * What a report's summary keeps of it, and why a summary is not counted: the optional fields only when the
 * report has them, each range as given (offering included), counts packed one code a number and read back
 * whole however many rules, and each kind of problem as the reason it is listed as not counted.
 */
const report = (fields: Partial<CheckReport> = {}): CheckReport => ({
  tool: { name: 'sunset', version: '1.2.3' },
  range: { from: '17.0', to: '18.0' },
  summary: { suppressed: 1, baselined: 2, scanned: 3 },
  findings: [],
  ...fields,
});

describe('a report summary', () => {
  it('keeps project, time, commit and register only when the report has them', () => {
    const intern = internTable();
    const full = summaryOf(
      report({ project: 'team/app', time: '2026-01-01T00:00:00Z', commit: 'abc', register: { version: 'r1' } }),
      'a.json',
      intern,
    );
    expect(full).toMatchObject({
      file: 'a.json',
      project: 'team/app',
      time: '2026-01-01T00:00:00Z',
      commit: 'abc',
      register: { version: 'r1' },
      tool: { version: '1.2.3' },
      summary: { suppressed: 1, baselined: 2, scanned: 3 },
      problems: {},
      findings: 0,
      errors: 0,
    });
    const bare = summaryOf(report(), 'b.json', intern, { after: 'late' });
    expect(['project', 'time', 'commit', 'register'].filter((key) => key in bare)).toEqual([]);
    expect(bare.problems).toEqual({ after: 'late' });
  });

  it('keeps each range as given, its offering included', () => {
    const intern = internTable();
    const plain = summaryOf(report({ range: { from: '16.0', to: '18.0' } }), 'a.json', intern);
    const hosted = summaryOf(report({ range: { from: '16.0', to: '18.0', offering: 'hosted' } }), 'b.json', intern);
    const other = summaryOf(report({ range: { from: '16.11', to: '18.0' } }), 'c.json', intern);
    const dedicated = summaryOf(report({ range: { from: '16.0', to: '18.0', offering: 'dedicated' } }), 'd.json', intern);
    expect([plain.range, hosted.range, other.range, dedicated.range]).toEqual([
      { from: '16.0', to: '18.0' },
      { from: '16.0', to: '18.0', offering: 'hosted' },
      { from: '16.11', to: '18.0' },
      { from: '16.0', to: '18.0', offering: 'dedicated' },
    ]);
  });

  it('packs small counts one code a number and reads back thousands of rules whole', () => {
    expect(packCounts([[1, 2, 3]])).toHaveLength(3);
    const table = Array.from({ length: 3000 }, (_, index) => `rule-${index}`);
    const counts = table.map((_, index) => [index, index + 1, index % 2] as [number, number, number]);
    const read = [...ruleCountsOf({ rules: packCounts(counts), ruleTable: table })];
    expect(read).toHaveLength(3000);
    expect(read[2999]).toEqual(['rule-2999', 3000, 1]);
    expect(read.every(([id, findings], index) => id === table[index] && findings === index + 1)).toBe(true);
  });
});

describe('a summary not counted', () => {
  it('is listed with the problem found before the target, the target’s own, or the one found after', async () => {
    const register = await loadRegister();
    const intern = internTable();
    const base = { project: 'team/app', time: '2026-01-01T00:00:00Z' };
    const model = buildReadiness({
      register,
      reports: [
        summaryOf(report({ ...base, project: 'team/a' }), 'a.json', intern, { before: 'names no project' }),
        summaryOf(report({ ...base, project: 'team/b', range: { from: '17.0', to: '17.9' } }), 'b.json', intern, {
          after: 'ran some rules',
        }),
        summaryOf(report({ ...base, project: 'team/c' }), 'c.json', intern, { after: 'ran only some of the rules' }),
      ],
      unread: [],
      target: '18.0',
      generatedAt: '2026-01-02T00:00:00Z',
    });
    expect(model.unread).toEqual([
      { file: 'a.json', reason: 'names no project' },
      { file: 'b.json', reason: 'is for another target release: it checks up to 17.9, not 18.0' },
      { file: 'c.json', reason: 'ran only some of the rules' },
    ]);
    expect([model.projects, model.missing]).toEqual([[], []]);
  });
});
