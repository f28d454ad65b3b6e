import { describe, expect, it } from 'vitest';
import { readPlatformFile } from '../../src/import/platform-file.ts';
import { checkItem } from '../../src/import/platform-item.ts';

function check(yaml: string) {
  const parsed = readPlatformFile(yaml);
  if (!parsed.ok) throw new Error(parsed.message);
  return checkItem('f.yml', parsed.items[0] as NonNullable<(typeof parsed.items)[0]>);
}
const base = '- title: "A change"\n  removal_milestone: "17.0"\n  body: |\n    What changes.\n';
/** The problems of the base item with one more field, on line 5. */
const problems = (field: string) => {
  const result = check(`${base}  ${field}\n`);
  return result.ok ? [] : result.problems.map((problem) => `${problem.line} ${problem.reason}: ${problem.message}`);
};
const item = (field: string) => {
  const result = check(`${base}  ${field}\n`);
  if (!result.ok) throw new Error(result.problems.map((problem) => problem.message).join('; '));
  return result.item;
};

describe('checkItem, each field at its edges', () => {
  it('names each malformed field with its line and what it should be', () => {
    expect(problems('announcement_date: soon')).toEqual([
      '5 malformed-field: announcement_date "soon" is not a date written YYYY-MM-DD',
    ]);
    expect(problems('removal_date: "x2025-05-15"')).toEqual([
      '5 malformed-field: removal_date "x2025-05-15" is not a date written YYYY-MM-DD',
    ]);
    expect(problems('removal_date: "2025-05-15x"')).toEqual([
      '5 malformed-field: removal_date "2025-05-15x" is not a date written YYYY-MM-DD',
    ]);
    expect(problems('removal_date: "YYYY-MM-DD"')).toEqual([
      '5 placeholder: removal_date "YYYY-MM-DD" is a placeholder; write the date as 2025-05-15',
    ]);
    expect(problems('issue_url: ftp://example.com/x')).toEqual([
      '5 malformed-field: issue_url "ftp://example.com/x" is not an http or https link',
    ]);
    expect(problems('impact: 3')).toEqual(['5 malformed-field: impact "3" is not one of critical, high, medium, low']);
    expect(problems('breaking_change: "yes"')).toEqual(['5 malformed-field: breaking_change must be true or false, not "yes"']);
    expect(problems('tiers: [Premium, 3]')).toEqual(['5 malformed-field: tiers must be a list of tier names']);
    expect(problems("tiers: [Premium, ' ']")).toEqual(['5 malformed-field: tiers must be a list of tier names']);
    expect(problems('scope: instance, galaxy')).toEqual([
      '5 malformed-field: scope "instance, galaxy" must be one or more of instance, group, project',
    ]);
    expect(problems('scope: " , "')).toEqual(['5 malformed-field: scope " , " must be one or more of instance, group, project']);
    expect(problems('window: -1')).toEqual(['5 malformed-field: window "-1" must be a whole number']);
    expect(problems('window: 1.5')).toEqual(['5 malformed-field: window "1.5" must be a whole number']);
    expect(problems('impact_offering: []')).toEqual(['5 malformed-field: impact_offering must name one or more offerings']);
    expect(problems('stage: [a, b]')).toEqual(['5 malformed-field: stage must be text']);
  });

  it('takes fields written with spaces, in any case, and a window of 0 or written as text', () => {
    expect(item('removal_date: " 2025-05-15 "').removalDate).toBe('2025-05-15');
    expect(item('issue_url: " https://example.com/i/1 "').issueUrl).toBe('https://example.com/i/1');
    expect(item('impact: "  High "').impact).toBe('high');
    expect(item("tiers: [' Premium ', Ultimate]").tiers).toEqual(['Premium', 'Ultimate']);
    expect(item('scope: [Instance, instance, group]').scope).toEqual(['instance', 'group']);
    expect(item('window: 0').window).toBe(0);
    expect(item('window: " 3 "').window).toBe(3);
  });

  it('says which item is not a mapping, and where a body holds only comments', () => {
    const parsed = readPlatformFile('- just text\n');
    if (!parsed.ok) throw new Error(parsed.message);
    expect(checkItem('f.yml', parsed.items[0] as NonNullable<(typeof parsed.items)[0]>)).toEqual({
      ok: false,
      problems: [
        { file: 'f.yml', line: 1, reason: 'malformed-field', message: 'item 1 is not a mapping of fields ("- title: …")' },
      ],
    });
    const comments = check('- title: "A change"\n  removal_milestone: "17.0"\n  body: |\n    <!-- nothing yet -->\n');
    expect(comments.ok ? [] : comments.problems).toEqual([
      { file: 'f.yml', line: 3, reason: 'missing-field', message: 'the body holds only comments' },
    ]);
  });

  it('takes the older name as the title, and keeps name apart only beside a title', () => {
    const older = check('- name: "An older change"\n  removal_milestone: "17.0"\n  body: |\n    What changes.\n');
    expect(older.ok && [older.item.title, older.item.extra]).toEqual(['An older change', {}]);
    expect(item('name: "Old name"').extra).toEqual({ name: 'Old name' });
  });
});
