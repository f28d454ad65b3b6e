import { describe, expect, it } from 'vitest';
import { parseScanReport } from '../../../src/browser/scan-report/parse-scan-report.ts';
import { rangeMismatch } from '../../../src/browser/scan-report/scan-status.ts';
import { runCli } from '../../check/run-cli.ts';
import { tempTree } from '../../check/scan/temp-tree.ts';

/**
 * A checklist takes only a scan of its own range: both ends must match. A scan from another release finds
 * a different set of changes (a scan from 16.11 also reports what 17.0 removed), even when its target is
 * the same, so it is refused with the command that writes the right report.
 */
describe('a scan report on the checklist of another starting release', () => {
  it('is refused when only `to` matches, for the JSON and the SARIF report of a real scan', async () => {
    const root = tempTree({ '.gitlab-ci.yml': 'job:\n  script:\n    - echo "$CI_JOB_JWT"\n' });
    for (const format of ['json', 'sarif'] as const) {
      const { stdout } = await runCli(['check', '.', '--from', '16.11', '--to', '18.0', '--format', format], root);
      const report = parseScanReport(`sunset-report.${format}`, stdout);
      expect([report.from, report.to]).toEqual(['16.11', '18.0']);
      expect(rangeMismatch(report, { from: '16.11', to: '18.0' })).toBeUndefined();
      expect(rangeMismatch(report, { from: '17.0', to: '18.0' })).toBe(
        `sunset-report.${format} is a scan for 16.11 → 18.0, but this checklist is 17.0 → 18.0. Run sunset check . --from 17.0 --to 18.0 --format json and drop that report here.`,
      );
    }
  });

  it('is refused when only `from` matches too', () => {
    expect(rangeMismatch({ from: '17.0', to: '17.9', fileName: 'r.json' }, { from: '17.0', to: '18.0' })).toMatch(
      /^r\.json is a scan for 17\.0 → 17\.9, but this checklist is 17\.0 → 18\.0\./,
    );
  });
});
