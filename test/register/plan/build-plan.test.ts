import { describe, expect, it } from 'vitest';
import { buildPlan, requirePlan } from '../../../src/register/plan/build-plan.ts';
import { PlanError } from '../../../src/register/plan/release-input.ts';
import { planToMarkdown } from '../../../src/register/plan/render/plan-markdown.ts';
import { entryUrl } from '../../../src/register/plan/site-links.ts';
import { createRegister } from '../../../src/register/register.ts';
import { makeEntry, registerData } from '../entry-fixture.ts';

const rule = {
  kind: 'ci-variable',
  name: 'OLD_VAR',
  example: { file: '.gitlab-ci.yml', text: 'job:\n  script: echo $OLD_VAR\n' },
  near_miss: { file: '.gitlab-ci.yml', text: 'job:\n  script: echo $OLD_VARS\n' },
} as const;

const data = registerData({
  entries: [
    makeEntry({ id: 'old-in-16', removed_in: '16.0' }),
    makeEntry({ id: 'quiet-in-17', removed_in: '17.0' }),
    makeEntry({ id: 'breaks-in-17', removed_in: '17.0', breaking: true, area: 'tokens', detect: [rule] }),
    makeEntry({ id: 'self-managed-only', removed_in: '17.0', offerings: ['self-managed'] }),
    makeEntry({ id: 'later-announced', removed_in: '18.0', announced_in: '17.5' }),
    makeEntry({ id: 'later-unannounced', removed_in: '18.0' }),
    makeEntry({ id: 'announced-early', removed_in: '18.0', announced_in: '16.9', kind: 'deprecation' }),
  ],
  areas: [
    { id: 'ci', title: 'CI/CD pipelines', description: 'd' },
    { id: 'tokens', title: 'Tokens', description: 'd' },
  ],
  releases: ['15.4', '16.0', '16.11', '17.0', '17.5', '18.0'],
});
const register = createRegister(data);
const keys = (groups: { items: { key: string }[] }[]) => groups.flatMap((group) => group.items.map((item) => item.key));

describe('buildPlan', () => {
  it('puts entries with from < removed_in <= to in must-do, grouped by area, breaking areas first', () => {
    const plan = buildPlan(register, { from: '16.11', to: '17.0' });
    expect(plan.mustDo.map((group) => group.area.id)).toEqual(['tokens', 'ci']);
    expect(keys(plan.mustDo)).toEqual(['breaks-in-17', 'quiet-in-17', 'self-managed-only']);
    expect(plan.problems).toBeUndefined();
  });

  it('plans ahead for later removals except those announced after the target', () => {
    expect(keys(buildPlan(register, { from: '16.11', to: '17.0' }).planAhead).sort()).toEqual([
      'announced-early',
      'later-unannounced',
    ]);
    expect(keys(buildPlan(register, { from: '16.11', to: '17.5' }).planAhead).sort()).toEqual([
      'announced-early',
      'later-announced',
      'later-unannounced',
    ]);
  });

  it('keeps only entries of the chosen offering and adds the hosted note only where it applies', () => {
    const hosted = buildPlan(register, { from: '16.11', to: '17.0', offering: 'hosted' });
    expect(keys(hosted.mustDo)).not.toContain('self-managed-only');
    expect(hosted.hostedNote).toMatch(/month before/);
    expect(buildPlan(register, { from: '16.11', to: '17.0', offering: 'self-managed' }).hostedNote).toBeUndefined();
  });

  it('says how to detect an item, with the exact command when the entry has rules', () => {
    const items = buildPlan(register, { from: '16.11', to: '17.0' }).mustDo.flatMap((group) => group.items);
    expect(items.find((item) => item.key === 'breaks-in-17')?.detect).toEqual({
      rules: 1,
      command: 'npx sunset-register check . --to 17.0 --rule breaks-in-17',
    });
    expect(items.find((item) => item.key === 'quiet-in-17')?.detect).toEqual({ rules: 0 });
  });

  it('reads a patch release such as 16.11.3 as its minor release', () => {
    const plan = buildPlan(register, { from: '16.11.3', to: ' 17.0.1 ' });
    expect(plan.problems).toBeUndefined();
    expect([plan.from, plan.to]).toEqual(['16.11', '17.0']);
    expect(keys(plan.mustDo)).toEqual(['breaks-in-17', 'quiet-in-17', 'self-managed-only']);
    expect(buildPlan(register, { from: '16.11.3.1', to: '17.0' }).problems?.[0]?.code).toBe('malformed-release');
  });

  it('refuses downgrades, equal releases, malformed and unknown releases with typed problems', () => {
    const codes = (from: string, to: string, offering?: string) =>
      buildPlan(register, { from, to, offering }).problems?.map((problem) => problem.code);
    expect(codes('17.0', '16.0')).toEqual(['downgrade']);
    expect(codes('17.0', '17.0')).toEqual(['same-release']);
    expect(codes('seventeen', '17.0')).toEqual(['malformed-release']);
    expect(codes('16.0', '99.0')).toEqual(['unknown-release']);
    expect(codes('16.0', '17.0', 'cloud')).toEqual(['unknown-offering']);
    const refused = buildPlan(register, { from: '17.0', to: '16.0' });
    expect(refused.mustDo).toEqual([]);
    expect(() => requirePlan(refused)).toThrow(PlanError);
    expect(() => requirePlan(refused)).toThrow(/downgrades are not supported/);
  });
});

describe('planToMarkdown', () => {
  it('writes a checklist with links to entry pages and the detect command', () => {
    const plan = buildPlan(register, { from: '16.11', to: '17.0', offering: 'hosted' });
    const markdown = planToMarkdown(plan, { siteUrl: data.settings.site_url, done: new Set(['quiet-in-17']) });
    expect(markdown).toContain('## Upgrade plan: 16.11 → 17.0 (hosted)');
    expect(markdown).toContain(
      '- [ ] [Change breaks-in-17](https://sunset.example.com/register/breaks-in-17/) (**breaking**, removal in 17.0); find uses: `npx sunset-register check . --to 17.0 --rule breaks-in-17`',
    );
    expect(markdown).toContain('- [x] [Change quiet-in-17](https://sunset.example.com/register/quiet-in-17/)');
    expect(markdown).toContain('### Plan ahead (2)');
    expect(markdown).toContain('### Hosted offering');
  });

  it('names kinds of change in words', () => {
    const changed = createRegister({
      ...data,
      entries: [makeEntry({ id: 'acts-differently', removed_in: '17.0', kind: 'behavior-change' })],
    });
    const markdown = planToMarkdown(buildPlan(changed, { from: '16.11', to: '17.0' }), { siteUrl: 'https://x.test' });
    expect(markdown).toContain('(behaviour change in 17.0)');
  });

  it('shows the refusal instead of lists when the input was refused', () => {
    const markdown = planToMarkdown(buildPlan(register, { from: '17.0', to: '16.0' }), { siteUrl: 'https://x.test' });
    expect(markdown).toContain('> 16.0 is older than 17.0');
    expect(markdown).not.toContain('Must do');
  });

  it('builds entry links without doubled slashes', () => {
    expect(entryUrl('https://sunset.example.com/', 'a-b')).toBe('https://sunset.example.com/register/a-b/');
  });
});
