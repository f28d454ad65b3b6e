import { describe, expect, it } from 'vitest';
import { COLOURS, PLAIN, paletteFor, textReport } from '../../../src/check/report/text-report.ts';
import { reportInput } from './report-fixture.ts';

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

  it('colours only on a terminal and only without NO_COLOR', () => {
    expect(paletteFor(true, {})).toBe(COLOURS);
    expect(paletteFor(false, {})).toBe(PLAIN);
    expect(paletteFor(true, { NO_COLOR: '1' })).toBe(PLAIN);
    expect(textReport(reportInput(), COLOURS)).toContain('\x1b[31merror  \x1b[39m');
  });
});
