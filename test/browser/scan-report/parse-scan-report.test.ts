import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseScanReport, ScanReportError } from '../../../src/browser/scan-report/parse-scan-report.ts';
import { MAX_REPORT_BYTES, PLACES_KEPT } from '../../../src/browser/scan-report/scan-report.ts';
import { rangeMismatch, scanStatus, scanStatusText } from '../../../src/browser/scan-report/scan-status.ts';
import { loadRegister } from '../../../src/register/index.ts';
import { REPOS, runCli } from '../../check/run-cli.ts';

const repo = path.join(REPOS, 'uses');
const report = async (format: 'json' | 'sarif') =>
  (await runCli(['check', '.', '--from', '16.0', '--to', '17.0', '--format', format, '--fail-on', 'never'], repo)).stdout;

describe('parseScanReport', () => {
  it('reads the JSON and the SARIF report of the same scan to the same places', async () => {
    const json = parseScanReport('sunset.json', await report('json'));
    const sarif = parseScanReport('sunset.sarif', await report('sarif'));
    expect([json.format, json.from, json.to]).toEqual(['json', '16.0', '17.0']);
    expect([sarif.format, sarif.from, sarif.to]).toEqual(['sarif', '16.0', '17.0']);
    expect(Object.keys(json.found).length).toBeGreaterThan(0);
    expect(sarif.found).toEqual(json.found);
    expect(json.found['license-scanning-ci-templates-removed']).toContain('.gitlab-ci.yml:3');
    expect(sarif.ran).toContain('license-scanning-ci-templates-removed');
  });

  it('ignores fields it does not know, such as project metadata', () => {
    const text = JSON.stringify({
      tool: { name: 'sunset', version: '9.9.9' },
      project: { name: 'shop', commit: 'abc' },
      range: { from: '16.0', to: '17.0' },
      findings: [{ ruleId: 'x', file: 'a.yml', line: 2, extra: true }],
    });
    expect(parseScanReport('r.json', text).found).toEqual({ x: ['a.yml:2'] });
  });

  it('keeps a bounded number of places per entry and counts the rest', () => {
    const findings = Array.from({ length: PLACES_KEPT + 10 }, (_, line) => ({ ruleId: 'x', file: 'a.yml', line: line + 1 }));
    const parsed = parseScanReport(
      'r.json',
      JSON.stringify({ tool: { name: 'sunset' }, range: { from: '16.0', to: '17.0' }, findings }),
    );
    expect(parsed.found.x).toHaveLength(PLACES_KEPT);
    expect(parsed.counts.x).toBe(PLACES_KEPT + 10);
  });

  it('refuses malformed files with the file name and the field at fault', () => {
    const refusal = (text: string) => {
      try {
        parseScanReport('bad.json', text);
      } catch (error) {
        expect(error).toBeInstanceOf(ScanReportError);
        return (error as Error).message;
      }
      throw new Error('accepted');
    };
    expect(refusal('{"tool":')).toMatch(/^bad\.json: is not JSON/);
    expect(refusal('[]')).toBe('bad.json: is not a JSON object: expected the JSON or SARIF report of sunset check');
    expect(refusal('{"tool":{"name":"eslint"}}')).toMatch(/^bad\.json: tool\.name is not "sunset"/);
    expect(refusal('{"tool":{"name":"sunset"},"range":{"from":"16","to":"17.0"},"findings":[]}')).toBe(
      'bad.json: range.from is not a release such as "17.0"',
    );
    expect(
      refusal('{"tool":{"name":"sunset"},"range":{"from":"16.0","to":"17.0"},"findings":[{"ruleId":"x","file":"a","line":0}]}'),
    ).toBe('bad.json: findings[0].line is not a line number');
    expect(refusal('{"version":"2.1.0","runs":[{"tool":{"driver":{"name":"semgrep"}}}]}')).toMatch(/another tool/);
    expect(refusal(' '.repeat(MAX_REPORT_BYTES + 1))).toMatch(/is larger than 20 MB/);
  });
});

describe('scanStatus', () => {
  it('says found, not found, no rule or not scanned for each item', async () => {
    const register = await loadRegister();
    const parsed = parseScanReport('sunset.json', await report('json'));
    const byId = (id: string) => register.entries.find((entry) => entry.id === id);
    const found = byId('license-scanning-ci-templates-removed');
    expect(found && scanStatus(found, parsed)).toMatchObject({
      kind: 'found',
      places: expect.arrayContaining(['.gitlab-ci.yml:3']),
    });
    const unruled = register.entries.find((entry) => entry.detect.length === 0 && entry.removed_in === '17.0');
    expect(unruled && scanStatus(unruled, parsed)).toEqual({ kind: 'no-rule' });
    const ruledNotFound = register.entries.find(
      (entry) => entry.detect.length > 0 && entry.removed_in === '17.0' && entry.breaking && !parsed.found[entry.id],
    );
    expect(ruledNotFound && scanStatus(ruledNotFound, parsed)).toEqual({ kind: 'not-found' });
    const later = register.entries.find(
      (entry) => entry.detect.length > 0 && entry.removed_in === '19.0' && entry.kind !== 'deprecation' && !entry.announced_in,
    );
    if (later) expect(scanStatus(later, parsed)).toEqual({ kind: 'not-scanned' });
    expect(scanStatusText({ kind: 'found', places: ['a:1'], count: 1 })).toBe('Found in your repository (1 place)');
    expect(scanStatusText({ kind: 'no-rule' })).toBe('No rule: check by hand');
  });

  it('refuses a report of another range with the command that makes the right one', () => {
    expect(rangeMismatch({ from: '16.0', to: '17.0', fileName: 'r.json' }, { from: '16.0', to: '17.0' })).toBeUndefined();
    expect(rangeMismatch({ from: '15.0', to: '17.0', fileName: 'r.json' }, { from: '16.0', to: '18.0' })).toBe(
      'r.json is a scan for 15.0 → 17.0, but this checklist is 16.0 → 18.0. Run sunset check . --from 16.0 --to 18.0 --format json and drop that report here.',
    );
  });
});
