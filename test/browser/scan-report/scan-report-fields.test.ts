import { describe, expect, it } from 'vitest';
import { parseScanReport, ScanReportError } from '../../../src/browser/scan-report/parse-scan-report.ts';
import { MAX_FINDINGS, MAX_REPORT_BYTES, PLACES_KEPT, type ScanReport } from '../../../src/browser/scan-report/scan-report.ts';
import { rangeMismatch, scanStatus, scanStatusText } from '../../../src/browser/scan-report/scan-status.ts';
import { makeEntry } from '../../register/entry-fixture.ts';

/**
 * Every field the checklist reads from a scan report, with what it says when one is wrong, for the JSON and
 * the SARIF report alike; and what each item's status is once a report is read.
 */
const refusal = (text: string) => {
  try {
    parseScanReport('r.json', text);
  } catch (error) {
    if (error instanceof ScanReportError) return `${error.name}: ${error.message}`;
    return `other: ${String(error)}`;
  }
  return 'accepted';
};
const json = (fields: Record<string, unknown>) =>
  JSON.stringify({ tool: { name: 'sunset' }, range: { from: '16.0', to: '17.0' }, findings: [], ...fields });
const sarif = (run: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    version: '2.1.0',
    runs: [{ tool: { driver: { name: 'sunset', rules: [] } }, properties: { from: '16.0', to: '17.0' }, results: [], ...run }],
    ...extra,
  });
const result = (ruleId: unknown, uri: unknown, startLine: unknown) => ({
  ruleId,
  locations: [{ physicalLocation: { artifactLocation: { uri }, region: { startLine } } }],
});

describe('the JSON report', () => {
  it('reads the range with its offering, and each finding’s place', () => {
    const report = parseScanReport(
      'r.json',
      json({ range: { from: '16.0', to: '17.0', offering: 'hosted' }, findings: [{ ruleId: 'a', file: 'x.yml', line: 3 }] }),
    );
    expect(report).toEqual({
      format: 'json',
      fileName: 'r.json',
      from: '16.0',
      to: '17.0',
      offering: 'hosted',
      found: { a: ['x.yml:3'] },
      counts: { a: 1 },
    });
    expect(parseScanReport('r.json', json({ range: { from: '16.0', to: '17.0', offering: 3 } })).offering).toBeUndefined();
  });

  it('names the field at fault', () => {
    expect(refusal(json({ range: undefined }))).toBe(
      'ScanReportError: r.json: range is missing: is this the JSON report of sunset check?',
    );
    expect(refusal(json({ range: [] }))).toBe(
      'ScanReportError: r.json: range is missing: is this the JSON report of sunset check?',
    );
    expect(refusal(json({ findings: {} }))).toBe('ScanReportError: r.json: findings is not a list');
    expect(refusal(json({ range: { from: '16.0', to: 17 } }))).toBe(
      'ScanReportError: r.json: range.to is not a release such as "17.0"',
    );
    expect(refusal(json({ range: { from: 'v16.0', to: '17.0' } }))).toContain('range.from is not a release');
    expect(refusal(json({ range: { from: '16.0', to: '17.0.1' } }))).toContain('range.to is not a release');
    expect(refusal(json({ findings: [null] }))).toBe('ScanReportError: r.json: findings[0].ruleId is missing');
    expect(refusal(json({ findings: [{ file: 'x', line: 1 }] }))).toBe('ScanReportError: r.json: findings[0].ruleId is missing');
    expect(refusal(json({ findings: [{ ruleId: 'a', file: '', line: 1 }] }))).toBe(
      'ScanReportError: r.json: findings[0].file is not a path',
    );
    expect(refusal(json({ findings: [{ ruleId: 'a', file: 7, line: 1 }] }))).toBe(
      'ScanReportError: r.json: findings[0].file is not a path',
    );
    expect(refusal(json({ findings: [{ ruleId: 'a', file: 'x'.repeat(4097), line: 1 }] }))).toContain(
      'findings[0].file is not a path',
    );
    expect(parseScanReport('r.json', json({ findings: [{ ruleId: 'a', file: 'x'.repeat(4096), line: 1 }] })).counts).toEqual({
      a: 1,
    });
    expect(refusal(json({ findings: [{ ruleId: 'a', file: 'x', line: 1.5 }] }))).toBe(
      'ScanReportError: r.json: findings[0].line is not a line number',
    );
  });

  it('is told from other files by its shape and its tool', () => {
    expect(refusal('[]')).toBe(
      'ScanReportError: r.json: is not a JSON object: expected the JSON or SARIF report of sunset check',
    );
    expect(refusal('"text"')).toBe(
      'ScanReportError: r.json: is not a JSON object: expected the JSON or SARIF report of sunset check',
    );
    for (const tool of ['{"name":"eslint"}', '"sunset"', 'null']) {
      expect(refusal(`{"tool":${tool},"range":{"from":"16.0","to":"17.0"},"findings":[]}`), tool).toBe(
        'ScanReportError: r.json: tool.name is not "sunset": expected the JSON or SARIF report of sunset check',
      );
    }
    for (const from of [16, 17.1]) {
      expect(refusal(json({ range: { from, to: '17.9' } })), String(from)).toBe(
        'ScanReportError: r.json: range.from is not a release such as "17.0"',
      );
    }
  });

  it('keeps a bounded number of distinct places per entry and counts every finding', () => {
    const findings = [
      ...Array.from({ length: PLACES_KEPT + 10 }, (_, line) => ({ ruleId: 'a', file: 'x.yml', line: line + 1 })),
      { ruleId: 'b', file: 'y.yml', line: 4 },
      { ruleId: 'b', file: 'y.yml', line: 4 },
    ];
    const report = parseScanReport('r.json', json({ findings }));
    expect([report.found.a?.length, report.counts.a]).toEqual([PLACES_KEPT, PLACES_KEPT + 10]);
    expect(report.found.a?.at(-1)).toBe(`x.yml:${PLACES_KEPT}`);
    expect([report.found.b, report.counts.b]).toEqual([['y.yml:4'], 2]);
  });

  it('holds at most its bound of findings', () => {
    const findings = Array.from({ length: MAX_FINDINGS }, () => ({ ruleId: 'a', file: 'x', line: 1 }));
    expect(parseScanReport('r.json', json({ findings })).counts.a).toBe(MAX_FINDINGS);
    expect(refusal(json({ findings: [...findings, { ruleId: 'a', file: 'x', line: 1 }] }))).toBe(
      `ScanReportError: r.json: findings holds more than ${MAX_FINDINGS} findings`,
    );
  });

  it('is at most its bound of bytes', () => {
    const padded = (size: number) => {
      const text = json({});
      return text.slice(0, -1) + ' '.repeat(size - text.length) + text.slice(-1);
    };
    expect(parseScanReport('r.json', padded(MAX_REPORT_BYTES)).format).toBe('json');
    expect(refusal(padded(MAX_REPORT_BYTES + 1))).toBe('ScanReportError: r.json: is larger than 20 MB');
    expect(refusal('')).toMatch(/^ScanReportError: r\.json: is not JSON \(/);
  });
});

describe('the SARIF report', () => {
  it('reads the run of sunset, its range and offering, the rules that ran and each result’s decoded place', () => {
    const text = sarif(
      {
        tool: { driver: { name: 'sunset', rules: [{ id: 'a' }, { name: 'no id' }, null, { id: 'b' }] } },
        properties: { from: '16.0', to: '17.0', offering: 'dedicated' },
        results: [result('a', 'dir%20one/x.yml', 4), result('a', 'bad%zzuri.yml', 5)],
      },
      {},
    );
    const other = JSON.parse(text);
    other.runs.unshift({ tool: { driver: { name: 'other-tool' } }, results: [] }, { tool: 'not an object' }, null);
    expect(parseScanReport('r.sarif', JSON.stringify(other))).toEqual({
      format: 'sarif',
      fileName: 'r.sarif',
      from: '16.0',
      to: '17.0',
      offering: 'dedicated',
      found: { a: ['dir one/x.yml:4', 'bad%zzuri.yml:5'] },
      counts: { a: 2 },
      ran: ['a', 'b'],
    });
    expect(
      parseScanReport('r.sarif', sarif({ properties: { from: '16.0', to: '17.0', offering: false } })).offering,
    ).toBeUndefined();
    expect(parseScanReport('r.sarif', sarif({ tool: { driver: { name: 'sunset' } } })).ran).toEqual([]);
  });

  it('names the field at fault', () => {
    expect(refusal(JSON.stringify({ runs: [] }))).toBe('ScanReportError: r.json: runs is empty');
    expect(refusal(JSON.stringify({ runs: [{ tool: { driver: {} } }] }))).toBe(
      'ScanReportError: r.json: runs[].tool.driver.name is not "sunset": this SARIF file comes from another tool',
    );
    expect(refusal(sarif({ results: 'none' }))).toBe('ScanReportError: r.json: runs[].results is not a list');
    expect(refusal(sarif({ properties: undefined }))).toBe(
      'ScanReportError: r.json: runs[].properties.from is not a release such as "17.0"',
    );
    expect(refusal(sarif({ properties: { from: '16.0' } }))).toBe(
      'ScanReportError: r.json: runs[].properties.to is not a release such as "17.0"',
    );
    expect(refusal(sarif({ results: [{ locations: [] }] }))).toBe('ScanReportError: r.json: runs[].results[0].ruleId is missing');
    expect(refusal(sarif({ results: [7] }))).toBe('ScanReportError: r.json: runs[].results[0].ruleId is missing');
    expect(refusal(sarif({ results: [{ ruleId: 'a' }] }))).toBe(
      'ScanReportError: r.json: runs[].results[0].locations[0].physicalLocation.region.file is not a path',
    );
    expect(refusal(sarif({ results: [{ ruleId: 'a', locations: { 0: {} } }] }))).toContain('runs[].results[0].locations[0]');
    expect(refusal(sarif({ results: [result('a', 12, 3)] }))).toContain('region.file is not a path');
    expect(refusal(sarif({ results: [result('a', 'x.yml', 0)] }))).toBe(
      'ScanReportError: r.json: runs[].results[0].locations[0].physicalLocation.region.line is not a line number',
    );
  });

  it('holds at most its bound of results', () => {
    // Bare values keep the file under the byte bound; at the bound the results are read (and the first is refused).
    expect(refusal(sarif({ results: Array(MAX_FINDINGS + 1).fill(0) }))).toBe(
      `ScanReportError: r.json: runs[].results holds more than ${MAX_FINDINGS} results`,
    );
    expect(refusal(sarif({ results: Array(MAX_FINDINGS).fill(0) }))).toBe(
      'ScanReportError: r.json: runs[].results[0].ruleId is missing',
    );
  });
});

describe('an item’s status under a report', () => {
  const report: ScanReport = {
    format: 'json',
    fileName: 'r.json',
    from: '16.0',
    to: '17.0',
    found: { seen: ['a.yml:1', 'b.yml:2'], empty: [] },
    counts: { seen: 7 },
  };
  const rule = {
    kind: 'ci-variable',
    name: 'OLD_VAR',
    example: { file: '.gitlab-ci.yml', text: 'job:\n  script: echo $OLD_VAR\n' },
    near_miss: { file: '.gitlab-ci.yml', text: 'job:\n  script: echo $OLD_VARS\n' },
  } as const;

  it('is found with every place and the full count, or its places when no count was kept', () => {
    expect(scanStatus(makeEntry({ id: 'seen', removed_in: '17.0', detect: [rule] }), report)).toEqual({
      kind: 'found',
      places: ['a.yml:1', 'b.yml:2'],
      count: 7,
    });
    expect(scanStatus(makeEntry({ id: 'seen', removed_in: '17.0' }), { ...report, counts: {} })).toMatchObject({
      kind: 'found',
      count: 2,
    });
  });

  it('is not found, no rule, or not scanned, from the report’s rules where it lists them, else from the range and offering', () => {
    expect(scanStatus(makeEntry({ id: 'empty', removed_in: '17.0', detect: [rule] }), report)).toEqual({ kind: 'not-found' });
    expect(scanStatus(makeEntry({ id: 'empty', removed_in: '17.0' }), report)).toEqual({ kind: 'no-rule' });
    expect(scanStatus(makeEntry({ id: 'later', removed_in: '18.0', detect: [rule] }), report)).toEqual({ kind: 'not-scanned' });
    const selfManaged = makeEntry({ id: 'other', removed_in: '17.0', detect: [rule], offerings: ['self-managed'] });
    expect(scanStatus(selfManaged, report)).toEqual({ kind: 'not-found' });
    expect(scanStatus(selfManaged, { ...report, offering: 'hosted' })).toEqual({ kind: 'not-scanned' });
    expect(scanStatus(makeEntry({ id: 'listed', removed_in: '18.0', detect: [rule] }), { ...report, ran: ['listed'] })).toEqual({
      kind: 'not-found',
    });
    expect(scanStatus(makeEntry({ id: 'unlisted', removed_in: '17.0', detect: [rule] }), { ...report, ran: ['listed'] })).toEqual(
      {
        kind: 'not-scanned',
      },
    );
  });

  it('is said in words', () => {
    expect(scanStatusText({ kind: 'found', places: [], count: 1 })).toBe('Found in your repository (1 place)');
    expect(scanStatusText({ kind: 'found', places: [], count: 2 })).toBe('Found in your repository (2 places)');
    expect(scanStatusText({ kind: 'not-found' })).toBe('Not found by the scan');
    expect(scanStatusText({ kind: 'no-rule' })).toBe('No rule: check by hand');
    expect(scanStatusText({ kind: 'not-scanned' })).toBe('Not part of this scan: its rules do not run for this range');
  });

  it('matches a checklist only on both ends of the range', () => {
    expect(rangeMismatch({ from: '16.0', to: '17.0', fileName: 'r.json' }, { from: '16.0', to: '17.0' })).toBeUndefined();
    expect(rangeMismatch({ from: '16.11', to: '17.0', fileName: 'r.json' }, { from: '16.0', to: '17.0' })).toContain(
      '16.11 → 17.0',
    );
    expect(rangeMismatch({ from: '16.0', to: '17.1', fileName: 'r.json' }, { from: '16.0', to: '17.0' })).toContain(
      '16.0 → 17.1',
    );
  });
});
