import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { activeRules, type CheckRange, SEVERITY_RULE, severityOf } from '../../src/findings/active-rules.ts';
import type { Severity } from '../../src/findings/finding.ts';
import type { detectRuleSchema } from '../../src/schemas/detect-rule.ts';
import { errorConditionSchema } from '../../src/schemas/error-condition.ts';
import type { RegisterEntryInput } from '../../src/schemas/register-entry.ts';
import { makeEntry } from '../register/entry-fixture.ts';

type DetectRuleInput = z.input<typeof detectRuleSchema>;

/**
 * Every release comparison behind a finding's severity, one row a case: the entry's release equal to
 * `from` or `to`, one minor either side, across a major (16.11 → 17.0) and across a two-digit minor
 * (16.9 → 16.10, where comparing text would put 16.10 first). A comparison moved by one, or its arguments
 * swapped, turns some row's answer.
 */
const crossing: CheckRange = { from: '16.11', to: '17.0' };
const twoDigit: CheckRange = { from: '16.9', to: '16.10' };

type Fields = Partial<RegisterEntryInput>;
const removal: Fields = { kind: 'removal', breaking: true };
const quiet: Fields = { kind: 'removal', breaking: false };
const deprecation: Fields = { kind: 'deprecation', breaking: false };

const rows: [string, CheckRange, Fields & { removed_in: string }, Severity | undefined][] = [
  // Breaking changes: errors in (from, to].
  ['a breaking removal exactly at to', crossing, { ...removal, removed_in: '17.0' }, 'error'],
  ['a breaking removal exactly at from (already running on it)', crossing, { ...removal, removed_in: '16.11' }, undefined],
  ['a breaking removal one minor below from', crossing, { ...removal, removed_in: '16.10' }, undefined],
  ['a breaking removal one minor above to, never announced', crossing, { ...removal, removed_in: '17.1' }, undefined],
  ['a breaking removal at the next major, never announced', crossing, { ...removal, removed_in: '18.0' }, undefined],
  [
    'a breaking rename exactly at to',
    crossing,
    { kind: 'rename', breaking: true, from: ['a'], to: ['b'], removed_in: '17.0' },
    'error',
  ],
  ['a breaking removal at the two-digit minor to', twoDigit, { ...removal, removed_in: '16.10' }, 'error'],
  ['a breaking removal at the one-digit minor from', twoDigit, { ...removal, removed_in: '16.9' }, undefined],
  ['a breaking removal at 16.1, which text order puts after 16.10', twoDigit, { ...removal, removed_in: '16.1' }, undefined],
  [
    'a breaking removal at 16.10 for a range ending at 16.9',
    { from: '16.1', to: '16.9' },
    { ...removal, removed_in: '16.10' },
    undefined,
  ],
  ['a breaking removal at 16.2, inside 16.1 → 16.9', { from: '16.1', to: '16.9' }, { ...removal, removed_in: '16.2' }, 'error'],
  // Non-breaking changes: warnings in the same range.
  ['a non-breaking change exactly at to', crossing, { ...quiet, removed_in: '17.0' }, 'warning'],
  ['a non-breaking change exactly at from', crossing, { ...quiet, removed_in: '16.11' }, undefined],
  [
    'a non-breaking behaviour change exactly at to',
    crossing,
    { kind: 'behavior-change', breaking: false, removed_in: '17.0' },
    'warning',
  ],
  // Announced later changes: warnings once announced by to.
  ['a later change announced exactly at to', crossing, { ...removal, removed_in: '17.1', announced_in: '17.0' }, 'warning'],
  ['a later change announced one minor after to', crossing, { ...removal, removed_in: '17.2', announced_in: '17.1' }, undefined],
  [
    'a later change announced one minor before to',
    crossing,
    { ...removal, removed_in: '18.0', announced_in: '16.11' },
    'warning',
  ],
  [
    'a later change announced and taking effect in the same release after to',
    crossing,
    { ...removal, removed_in: '17.1', announced_in: '17.1' },
    undefined,
  ],
  [
    'a later change announced at the two-digit minor to',
    twoDigit,
    { ...removal, removed_in: '17.0', announced_in: '16.10' },
    'warning',
  ],
  [
    'a later change announced at 16.11, after the two-digit minor to',
    twoDigit,
    { ...removal, removed_in: '17.0', announced_in: '16.11' },
    undefined,
  ],
  // Deprecations: warnings when listed up to to, whatever from; later ones only when announced by to.
  ['a deprecation exactly at to', crossing, { ...deprecation, removed_in: '17.0' }, 'warning'],
  ['a deprecation exactly at from', crossing, { ...deprecation, removed_in: '16.11' }, 'warning'],
  ['a deprecation long before from', crossing, { ...deprecation, removed_in: '15.0' }, 'warning'],
  ['a deprecation one minor after to', crossing, { ...deprecation, removed_in: '17.1' }, undefined],
  [
    'a deprecation after to, announced exactly at to',
    crossing,
    { ...deprecation, removed_in: '17.1', announced_in: '17.0' },
    'warning',
  ],
  [
    'a deprecation after to, announced one minor after to',
    crossing,
    { ...deprecation, removed_in: '17.2', announced_in: '17.1' },
    undefined,
  ],
];

describe('the severity of an entry for a range', () => {
  it.each(rows)('%s', (_case, range, fields, expected) => {
    expect(severityOf(makeEntry({ id: 'entry', ...fields }), range)).toBe(expected);
  });

  it.each([
    ['an entry of the range’s offering', ['hosted'], 'hosted', 'error'],
    ['an entry of another offering', ['hosted'], 'self-managed', undefined],
    ['an entry of every offering, no offering asked', ['hosted'], undefined, 'error'],
  ] as const)('%s', (_case, offerings, offering, expected) => {
    const entry = makeEntry({ id: 'entry', ...removal, removed_in: '17.0', offerings: [...offerings] });
    expect(severityOf(entry, { ...crossing, ...(offering ? { offering } : {}) })).toBe(expected);
  });

  it('is the rule the help text states', () => {
    expect(SEVERITY_RULE).toMatch(/from < removed_in <= to/);
    expect(SEVERITY_RULE).toMatch(/announced_in known and <= to/);
  });
});

const sample = { file: '.gitlab-ci.yml', text: 'x' };
const RULES: Record<string, DetectRuleInput> = {
  'ci-variable': { kind: 'ci-variable', name: 'OLD', example: sample, near_miss: sample },
  'ci-variable-unset': { kind: 'ci-variable-unset', name: 'NEW', when: ['feature:'], example: sample, near_miss: sample },
  'ci-job-key-unset': { kind: 'ci-job-key-unset', uses: 'feature', key: 'needs', example: sample, near_miss: sample },
  text: { kind: 'text', literal: 'old-thing', example: sample, near_miss: sample },
};

describe('the severity of each rule kind', () => {
  const settings = { base_url: 'https://p.example', config_dir: '.gitlab', site_url: 'https://s.example/' };
  const detect = Object.values(RULES);
  const severities = (fields: Fields & { removed_in: string }) =>
    activeRules({ entries: [makeEntry({ id: 'entry', ...fields, detect })], errors: [], settings }, crossing).map((active) => [
      active.rule.kind,
      active.severity,
    ]);

  it.each([
    [
      'an error entry caps only its absence rules, to warnings',
      { ...removal, removed_in: '17.0' },
      [
        ['ci-variable', 'error'],
        ['ci-variable-unset', 'warning'],
        ['ci-job-key-unset', 'warning'],
        ['text', 'error'],
      ],
    ],
    [
      'a warning entry keeps every rule a warning',
      { ...quiet, removed_in: '17.0' },
      [
        ['ci-variable', 'warning'],
        ['ci-variable-unset', 'warning'],
        ['ci-job-key-unset', 'warning'],
        ['text', 'warning'],
      ],
    ],
    ['an entry outside the range runs no rule', { ...removal, removed_in: '16.11' }, []],
  ] as const)('%s', (_case, fields, expected) => {
    expect(severities(fields)).toEqual(expected);
  });

  it('makes every error-condition rule an error, whatever the range', () => {
    const condition = errorConditionSchema.parse({
      id: 'refused',
      condition: 'A refused use',
      result: 'Refused',
      detect: [RULES.text],
    });
    const rules = activeRules({ entries: [], errors: [condition], settings }, { from: '17.0', to: '17.1' });
    expect(rules.map((active) => active.severity)).toEqual(['error']);
  });
});
