import { describe, expect, it } from 'vitest';
import { activeRules, severityOf } from '../../src/findings/active-rules.ts';
import { errorConditionSchema } from '../../src/schemas/error-condition.ts';
import { type RegisterEntryInput, registerEntrySchema } from '../../src/schemas/register-entry.ts';

const sample = { file: '.gitlab-ci.yml', text: 'x' };
const rule = { kind: 'ci-variable', name: 'OLD', example: sample, near_miss: sample } as const;

function entry(fields: Partial<RegisterEntryInput> & Pick<RegisterEntryInput, 'id' | 'removed_in'>) {
  return registerEntrySchema.parse({
    title: `Title of ${fields.id}`,
    area: 'ci',
    kind: 'removal',
    breaking: true,
    offerings: ['hosted', 'self-managed', 'dedicated'],
    summary: 'Something is removed. More words.',
    migration: 'Use the new thing instead. Then test it.',
    detect: [rule],
    ...(fields.breaking === false ? {} : { breaking_reason: 'Jobs that read `OLD` no longer get a value.' }),
    ...fields,
  });
}

describe('severityOf', () => {
  const range = { from: '16.11', to: '17.0' };

  it('makes changes in (from, to] errors and leaves out those at or before from', () => {
    expect(severityOf(entry({ id: 'a', removed_in: '17.0' }), range)).toBe('error');
    expect(severityOf(entry({ id: 'a', removed_in: '16.11' }), range)).toBeUndefined();
    expect(severityOf(entry({ id: 'a', removed_in: '17.0', kind: 'rename', from: ['x'], to: ['y'] }), range)).toBe('error');
  });

  it('makes a change in range that does not break existing use a warning', () => {
    expect(severityOf(entry({ id: 'a', removed_in: '17.0', kind: 'behavior-change', breaking: false }), range)).toBe('warning');
    expect(severityOf(entry({ id: 'a', removed_in: '17.0', kind: 'behavior-change', breaking: true }), range)).toBe('error');
  });

  it('makes deprecations listed up to to warnings, whatever from is', () => {
    expect(severityOf(entry({ id: 'a', removed_in: '16.0', kind: 'deprecation' }), range)).toBe('warning');
    expect(severityOf(entry({ id: 'a', removed_in: '18.0', kind: 'deprecation' }), range)).toBeUndefined();
  });

  it('warns about later changes only when they were announced by to', () => {
    expect(severityOf(entry({ id: 'a', removed_in: '18.0', announced_in: '16.5' }), range)).toBe('warning');
    expect(severityOf(entry({ id: 'a', removed_in: '18.0', announced_in: '17.1' }), range)).toBeUndefined();
    expect(severityOf(entry({ id: 'a', removed_in: '18.0' }), range)).toBeUndefined();
  });

  it('leaves out entries of other offerings', () => {
    expect(
      severityOf(entry({ id: 'a', removed_in: '17.0', offerings: ['hosted'] }), { ...range, offering: 'self-managed' }),
    ).toBeUndefined();
  });
});

describe('activeRules', () => {
  const register = {
    entries: [entry({ id: 'gone', removed_in: '17.0' }), entry({ id: 'later', removed_in: '19.0' })],
    errors: [errorConditionSchema.parse({ id: 'refused', condition: 'A refused use', result: 'Not supported', detect: [rule] })],
    settings: { base_url: 'https://p.example', config_dir: '.gitlab', site_url: 'https://s.example/' },
  };

  it('keeps the rules of reported entries and every error-condition rule, as errors', () => {
    const rules = activeRules(register, { from: '16.0', to: '17.0' });
    expect(rules.map((active) => [active.info.id, active.severity])).toEqual([
      ['gone', 'error'],
      ['refused', 'error'],
    ]);
    expect(rules[0]?.info).toMatchObject({
      helpUri: 'https://s.example/register/gone/',
      fix: 'Use the new thing instead. Then test it.',
    });
  });

  it('keeps only the named ids when asked', () => {
    expect(activeRules(register, { from: '16.0', to: '17.0' }, new Set(['refused'])).map((active) => active.info.id)).toEqual([
      'refused',
    ]);
  });

  it('describes an entry by its summary and an error condition by its condition and result, each read once', () => {
    const [gone, refused] = activeRules(register, { from: '16.0', to: '17.0' });
    expect(gone?.info.description).toBe('Something is removed. More words.');
    expect(gone?.info.description).toBe('Something is removed. More words.');
    expect(refused?.info).toMatchObject({
      id: 'refused',
      title: 'A refused use',
      description: 'A refused use Result: Not supported',
      fix: 'Not supported',
      helpUri: 'https://s.example/errors/refused/',
    });
    expect(refused?.info.description).toBe('A refused use Result: Not supported');
    expect(refused?.info.fix).toBe('Not supported');
  });

  it('joins the help address with one slash whatever slashes the site address ends with', () => {
    for (const site_url of ['https://s.example', 'https://s.example/', 'https://s.example//']) {
      const rules = activeRules({ ...register, settings: { ...register.settings, site_url } }, { from: '16.0', to: '17.0' });
      expect(rules.map((active) => active.info.helpUri)).toEqual([
        'https://s.example/register/gone/',
        'https://s.example/errors/refused/',
      ]);
    }
  });

  it("uses a rule's own message, and the title of its entry or condition without one", () => {
    const said = { ...rule, message: 'OLD is read here' };
    const rules = activeRules(
      {
        ...register,
        entries: [entry({ id: 'gone', removed_in: '17.0', detect: [said, rule] })],
        errors: [errorConditionSchema.parse({ id: 'refused', condition: 'A refused use', result: 'No', detect: [rule, said] })],
      },
      { from: '16.0', to: '17.0' },
    );
    expect(rules.map((active) => [active.info.id, active.index, active.message])).toEqual([
      ['gone', 0, 'OLD is read here'],
      ['gone', 1, 'Title of gone'],
      ['refused', 0, 'A refused use'],
      ['refused', 1, 'OLD is read here'],
    ]);
  });

  it('runs no rules for an entry or error condition that has none, and keeps other ids out when asked', () => {
    const bare = {
      ...register,
      entries: [entry({ id: 'silent', removed_in: '17.0', detect: [] }), ...register.entries],
      errors: [errorConditionSchema.parse({ id: 'quiet', condition: 'A quiet use', result: 'No' }), ...register.errors],
    };
    expect(activeRules(bare, { from: '16.0', to: '17.0' }).map((active) => active.info.id)).toEqual(['gone', 'refused']);
    expect(activeRules(bare, { from: '16.0', to: '17.0' }, new Set(['gone'])).map((active) => active.info.id)).toEqual(['gone']);
    expect(activeRules(bare, { from: '16.0', to: '17.0' }, new Set(['nothing']))).toEqual([]);
  });
});
