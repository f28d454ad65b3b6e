import { describe, expect, it } from 'vitest';
import type { ReportInput } from '../../../src/check/report/report-input.ts';
import { COLOURS, PLAIN, paletteFor, ruleStatistics, textReport } from '../../../src/check/report/text-report.ts';
import { reportInput } from './report-fixture.ts';

const titleOf = (input: ReportInput, id: string) => input.rules.find((rule) => rule.id === id)?.title ?? '';

describe('text report', () => {
  it('groups findings by file with position, severity, message, rule, fix and link, then a summary', () => {
    const text = textReport(reportInput(), PLAIN);
    expect(text).toBe(
      [
        '.gitlab-ci.yml',
        '  3:24    error    The old job JSON web tokens are removed  ci-job-jwt-removed',
        '                   Fix: Declare ID tokens with `id_tokens`.',
        '                   https://sunset.example.com/register/ci-job-jwt-removed/',
        '',
        'src/api & "queries".js',
        '  10:5    warning  A <mutation> is deprecated  graphql-old-mutation-deprecated',
        '                   Fix: Declare ID tokens with `id_tokens`.',
        '                   https://sunset.example.com/register/graphql-old-mutation-deprecated/',
        '',
        '✖ 2 findings (1 error, 1 warning) in 2 files for 16.11 → 17.0 · 12 files scanned (0.0 MB) · 1 suppressed · 1 skipped (--verbose lists them)',
        'Not checked:',
        '  1 file skipped: 1 binary (--verbose lists them)',
        '',
      ].join('\n'),
    );
  });

  it('widens the place column for long positions and keeps each message and fix on its own line', () => {
    const input = reportInput();
    const first = input.findings[0];
    if (!first) throw new Error('fixture has findings');
    input.findings = [{ ...first, line: 1921, column: 101, message: 'Old\n  arguments', fix: 'Remove\nthem.' }];
    const text = textReport(input, PLAIN);
    expect(text).toContain('  1921:101  error    Old arguments  ci-job-jwt-removed\n');
    expect(text).toContain('\n                     Fix: Remove them.\n');
  });

  it('says so when clean, and lists skipped files when verbose', () => {
    const text = textReport(reportInput(true), PLAIN, true);
    expect(text).toContain('Skipped\n  logo.png: binary');
    expect(text).toContain('✔ No removed or deprecated uses for 16.11 → 17.0');
  });

  it('ends a green line with the changes no scan can detect and the files skipped, counted by why', () => {
    const input = reportInput(true, {
      byHand: [
        { id: 'old-integration-removed', title: 'An old integration is removed', removedIn: '17.0', url: 'u1' },
        { id: 'rate-limits-on', title: 'Rate limits\n are on', removedIn: '17.0', url: 'u2' },
      ],
      skipped: [
        { path: 'logo.png', reason: 'binary' },
        { path: 'big.json', reason: 'larger than the size limit (2000000 > 1048576 bytes)' },
        { path: 'icon.png', reason: 'binary' },
        { path: 'locked.yml', reason: 'not readable (permission denied)', unreadable: true },
      ],
    });
    expect(textReport(input, PLAIN).split('\n').slice(-4)).toEqual([
      'Not checked:',
      '  2 changes of the range no scan can detect: check them by hand (--verbose lists them; so does sunset plan --from 16.11 --to 17.0)',
      '  4 files skipped: 2 binary, 1 larger than the size limit, 1 not readable (--verbose lists them)',
      '',
    ]);
    const verbose = textReport(input, PLAIN, true);
    expect(verbose).toContain(
      'Check by hand\n  old-integration-removed (17.0): An old integration is removed\n  rate-limits-on (17.0): Rate limits are on\n',
    );
    expect(verbose).toContain(
      '  2 changes of the range no scan can detect: check them by hand (listed above; so does sunset plan',
    );
    expect(verbose.endsWith('  4 files skipped: 2 binary, 1 larger than the size limit, 1 not readable\n')).toBe(true);
  });

  it('says one change in the singular, names the offering, and says nothing more when all was checked', () => {
    const one = reportInput(true, {
      skipped: [],
      range: { from: '16.11', to: '17.0', offering: 'hosted' },
      byHand: [{ id: 'a', title: 'A', removedIn: '17.0', url: 'u' }],
    });
    expect(textReport(one, PLAIN)).toContain(
      '  1 change of the range no scan can detect: check it by hand (--verbose lists them; so does sunset plan --from 16.11 --to 17.0 --offering hosted)\n',
    );
    expect(textReport(one, PLAIN)).not.toContain('skipped');
    const all = textReport(reportInput(true, { skipped: [], byHand: [] }), PLAIN);
    expect(all).not.toContain('Not checked');
    expect(all.trimEnd().split('\n')).toHaveLength(1);
  });

  it('prints findings per rule with --statistics, most first, instead of each finding', () => {
    const input = reportInput();
    const [first, second] = input.findings;
    if (!first || !second) throw new Error('fixture has two findings');
    input.findings = [first, { ...first, line: 9 }, second, { ...first, line: 12 }];
    const lines = textReport(input, PLAIN, false, true).split('\n');
    expect(lines.slice(0, 3)).toEqual([
      `3  error    ci-job-jwt-removed               ${titleOf(input, 'ci-job-jwt-removed')}`,
      `1  warning  graphql-old-mutation-deprecated  ${titleOf(input, 'graphql-old-mutation-deprecated')}`,
      '',
    ]);
    expect(lines.join('\n')).not.toContain('3:24');
    expect(lines[3]).toMatch(/^✖ 4 findings \(3 errors, 1 warning\) in 2 files/);
    // Ties go by rule id; a clean run has no table.
    input.findings = [second, first];
    expect(ruleStatistics(input, PLAIN).map((line) => line.split(/\s+/)[2])).toEqual([
      'ci-job-jwt-removed',
      'graphql-old-mutation-deprecated',
    ]);
    expect(textReport(reportInput(true), PLAIN, false, true)).toMatch(/^✔ No removed/);
  });

  it('colours only on a terminal and only without NO_COLOR', () => {
    expect(paletteFor(true, {})).toBe(COLOURS);
    expect(paletteFor(false, {})).toBe(PLAIN);
    expect(paletteFor(true, { NO_COLOR: '1' })).toBe(PLAIN);
    expect(textReport(reportInput(), COLOURS)).toContain('\x1b[31merror  \x1b[39m');
  });
});
