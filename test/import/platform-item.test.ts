import { describe, expect, it } from 'vitest';
import { readPlatformFile } from '../../src/import/platform-file.ts';
import { checkItem } from '../../src/import/platform-item.ts';

/** Checks the first item of a YAML text, as file `f.yml`. */
function check(yaml: string) {
  const parsed = readPlatformFile(yaml);
  if (!parsed.ok) throw new Error(parsed.message);
  return checkItem('f.yml', parsed.items[0] as NonNullable<(typeof parsed.items)[0]>);
}
const base = '- title: "A change"\n  removal_milestone: "17.0"\n  body: |\n    What changes.\n';

describe('checkItem', () => {
  it('takes the new field set, every field in plain names', () => {
    const result = check(
      `${base}  announcement_milestone: "16.5"\n  breaking_change: true\n  window: 1\n  stage: govern\n  impact: HIGH\n  scope: instance, group\n  resolution_role: maintainer\n  manual_task: false\n  issue_url: https://example.com/i/1\n  documentation_url: https://example.com/doc\n  announcement_date: "2024-05-16"\n  removal_date: 2025-05-15\n  tiers: Premium\n`,
    );
    expect(result).toEqual({
      ok: true,
      item: {
        file: 'f.yml',
        index: 0,
        line: 1,
        title: 'A change',
        body: 'What changes.',
        removal: '17.0',
        announcement: '16.5',
        breaking: true,
        window: 1,
        stage: 'govern',
        impact: 'high',
        scope: ['instance', 'group'],
        resolutionRole: 'Maintainer',
        manualTask: false,
        issueUrl: 'https://example.com/i/1',
        documentationUrl: 'https://example.com/doc',
        announcementDate: '2024-05-16',
        removalDate: '2025-05-15',
        tiers: ['Premium'],
        extra: {},
      },
    });
  });

  it('takes the old field set: name for title, no breaking flag (not marked breaking), no stage', () => {
    const result = check('- name: Old style\n  announcement_milestone: "14.2"\n  removal_milestone: "15.0"\n  body: Text.\n');
    expect(result).toMatchObject({
      ok: true,
      item: { title: 'Old style', breaking: false, announcement: '14.2', removal: '15.0' },
    });
    if (result.ok) expect(result.item.stage).toBeUndefined();
  });

  it('reads an unquoted milestone as written', () => {
    expect(check('- title: t\n  announcement_milestone: 16.10\n  removal_milestone: 17.0\n  body: b\n')).toMatchObject({
      ok: true,
      item: { announcement: '16.10', removal: '17.0' },
    });
  });

  it('takes HTML comments out of the body and refuses a body of comments only', () => {
    expect(
      check(
        '- title: t\n  removal_milestone: "17.0"\n  body: |\n    One.\n    <!-- a note\n    for authors -->\n\n\n\n    Two.\n',
      ),
    ).toMatchObject({
      item: { body: 'One.\n\nTwo.' },
    });
    expect(check('- title: t\n  removal_milestone: "17.0"\n  body: |\n    <!-- only this -->\n')).toEqual({
      ok: false,
      problems: [{ file: 'f.yml', line: 3, reason: 'missing-field', message: 'the body holds only comments' }],
    });
  });

  it('keeps fields it does not know under extra, and name beside title there', () => {
    const result = check(`${base}  name: Older name\n  reporter: someone\n  image_url:\n  owners: [a, b]\n`);
    expect(result).toMatchObject({
      ok: true,
      item: { title: 'A change', extra: { name: 'Older name', reporter: 'someone', owners: ['a', 'b'] } },
    });
  });

  it('keeps an unknown field as written where YAML would read another number, and takes impact_offering', () => {
    const result = check(
      `${base}  end_of_support_milestone: 17.0\n  other_milestone: 16.10\n  count: 3\n  ratio: 0.5\n  impact_offering: self-managed\n`,
    );
    expect(result).toMatchObject({
      ok: true,
      item: {
        impactOffering: ['self-managed'],
        extra: { end_of_support_milestone: '17.0', other_milestone: '16.10', count: 3, ratio: 0.5 },
      },
    });
    expect(check(`${base}  impact_offering: [GitLab.com, Dedicated]\n`)).toMatchObject({
      item: { impactOffering: ['GitLab.com', 'Dedicated'] },
    });
  });

  it.each([
    ['removal_milestone: "XX.YY"', 'placeholder', 2, 'removal_milestone "XX.YY" is a placeholder'],
    ['removal_milestone: "xx.yy"', 'placeholder', 2, 'placeholder'],
    ['removal_milestone: "17"', 'malformed-field', 2, 'is not a release of the form major.minor'],
    ['removal_milestone: "17.0.1"', 'malformed-field', 2, 'is not a release'],
    ['removal_milestone: [17, 0]', 'malformed-field', 2, 'not a list'],
  ])('refuses %s as %s at its line', (line, reason, at, message) => {
    const result = check(`- title: t\n  ${line}\n  body: b\n`);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problems[0]).toMatchObject({ reason, line: at, message: expect.stringContaining(message) });
  });

  it.each([
    ['announcement_milestone: "XX.YY"', 'placeholder'],
    ['announcement_date: "YYYY-MM-DD"', 'placeholder'],
    ['announcement_milestone: "18.0"', 'malformed-field'],
    ['removal_date: "2025-02-30"', 'malformed-field'],
    ['breaking_change: "yes"', 'malformed-field'],
    ['impact: severe', 'malformed-field'],
    ['scope: everywhere', 'malformed-field'],
    ['resolution_role: Guest', 'malformed-field'],
    ['manual_task: sometimes', 'malformed-field'],
    ['window: soon', 'malformed-field'],
    ['issue_url: see the issue', 'malformed-field'],
    ['documentation_url: ftp://example.com/x', 'malformed-field'],
    ['tiers: {Free: yes}', 'malformed-field'],
  ])('refuses %s (%s) and never guesses', (line, reason) => {
    const result = check(`${base}  ${line}\n`);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problems).toEqual([expect.objectContaining({ reason, line: 5 })]);
  });

  it('reports every missing required field at the item', () => {
    const result = check('- stage: Plan\n');
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.problems.map((problem) => [problem.reason, problem.line, problem.message])).toEqual([
        ['missing-field', 1, 'the item has no title (nor the older name)'],
        ['missing-field', 1, 'the item has no body'],
        ['missing-field', 1, 'the item has no removal_milestone'],
      ]);
    }
  });

  it('counts an empty field as absent', () => {
    expect(check(`${base}  stage:\n  tiers:\n  issue_url: ""\n`)).toMatchObject({ ok: true, item: { extra: {} } });
  });
});
