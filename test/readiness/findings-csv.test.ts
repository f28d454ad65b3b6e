import { describe, expect, it } from 'vitest';
import { csvField, csvRow } from '../../src/readiness/csv-field.ts';
import type { FindingBlock } from '../../src/readiness/finding-block.ts';
import { CSV_HEADER, findingsCsvRows } from '../../src/readiness/findings-csv.ts';
import type { ProjectStatus } from '../../src/readiness/readiness-model.ts';

/**
 * `findings.csv` for text a repository can hold, one row a case: what each field becomes (quoted, quotes
 * doubled, a leading formula character defused with `'`), and the whole file read back by an RFC 4180
 * reader, for each severity, field for field.
 */
describe('a CSV field', () => {
  it.each([
    ['plain text', 'plain', 'plain'],
    ['a comma', 'a,b', '"a,b"'],
    ['a double quote', 'say "hi"', '"say ""hi"""'],
    ['a line feed', 'one\ntwo', '"one\ntwo"'],
    ['a carriage return inside', 'one\rtwo', '"one\rtwo"'],
    ['a leading space', ' lead', '" lead"'],
    ['a trailing space', 'trail ', '"trail "'],
    ['a pipe, angle brackets, an ampersand and a single quote', "a|<b>&'c'", "a|<b>&'c'"],
    ['non-ASCII letters', 'naïve 日本 ✓', 'naïve 日本 ✓'],
    ['a leading =', '=SUM(A1:A9)', "'=SUM(A1:A9)"],
    ['a leading +', '+1', "'+1"],
    ['a leading -', '-cmd', "'-cmd"],
    ['a leading @', '@SUM(A1)', "'@SUM(A1)"],
    ['a leading tab', '\t=1', "'\t=1"],
    ['a leading carriage return', '\r=1', '"\'\r=1"'],
    ['a formula with a comma and quotes', '=HYPERLINK("http://x","y")', '"\'=HYPERLINK(""http://x"",""y"")"'],
    ['= inside, not first', 'a=b', 'a=b'],
    ['a number, negative', -3, '-3'],
    ['a number', 12, '12'],
    ['empty text', '', ''],
  ] satisfies [string, string | number, string][])('%s', (_case, value, written) => {
    expect(csvField(value)).toBe(written);
  });

  it('ends a record with CRLF', () => {
    expect(csvRow(['a', 1, '=b'])).toBe("a,1,'=b\r\n");
  });
});

/** Reads CSV as RFC 4180 defines it: records end in CRLF, quoted fields may hold commas, quotes and line breaks. */
function readCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let at = 0; at < text.length; at++) {
    const char = text[at] as string;
    if (quoted) {
      if (char === '"' && text[at + 1] === '"') {
        field += '"';
        at++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"' && field === '') quoted = true;
    else if (char === ',') {
      record.push(field);
      field = '';
    } else if (char === '\r' && text[at + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      at++;
    } else field += char;
  }
  if (field !== '' || record.length > 0) throw new Error('the text does not end with CRLF');
  return records;
}

describe('findings.csv', () => {
  const FILE = 'src/we|rd, <dir>/=x "q"\nnaïve.ts';
  const MATCH = '-flag & <x>';
  const MESSAGE = '@cmd\nsecond | line "quoted" 日本';
  const status = {
    project: '+group/=app',
    report: { commit: '-abc', time: '2026-01-01T00:00:00.000Z' },
  } as unknown as ProjectStatus;

  it.each([
    ['error', 1],
    ['warning', 0],
  ] as const)('reads back field for field with a %s of hostile text', (severity, error) => {
    const block: FindingBlock = {
      rules: ['hostile-entry'],
      texts: [FILE, MATCH, MESSAGE],
      data: new Float64Array([0, error, 0, 7, 3, 1, 2]),
    };
    const records = readCsv(CSV_HEADER + findingsCsvRows(status, block));
    expect(records).toEqual([
      ['project', 'entry', 'severity', 'file', 'line', 'column', 'match', 'message', 'commit', 'scanned_at'],
      [
        `'+group/=app`,
        'hostile-entry',
        severity,
        FILE,
        '7',
        '3',
        `'${MATCH}`,
        `'${MESSAGE}`,
        `'-abc`,
        '2026-01-01T00:00:00.000Z',
      ],
    ]);
    // No field a spreadsheet would read as a formula.
    for (const value of records[1] ?? []) expect(value).not.toMatch(/^[=+\-@\t\r]/);
  });
});
