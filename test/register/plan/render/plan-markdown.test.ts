import { describe, expect, it } from 'vitest';
import { loadRegister } from '../../../../src/register/index.ts';
import { buildPlan } from '../../../../src/register/plan/build-plan.ts';
import { escapeLinkText, planToMarkdown } from '../../../../src/register/plan/render/plan-markdown.ts';

describe('planToMarkdown', () => {
  it('escapes brackets and backslashes so link text shows as written', () => {
    expect(escapeLinkText('a [b] \\c')).toBe('a \\[b\\] \\\\c');
    expect(escapeLinkText('plain')).toBe('plain');
  });

  it('exports the real entry whose title holds [skip secret detection] as one intact link', async () => {
    const register = await loadRegister();
    const entry = register.entries.find((candidate) => candidate.id === 'skip-secret-detection-commit-option-renamed');
    expect(entry?.title).toContain('[skip secret detection]');
    const markdown = planToMarkdown(buildPlan(register, { from: '17.11', to: '18.0' }), {
      siteUrl: 'https://sunset.example.com',
    });
    const line = markdown.split('\n').find((text) => text.includes('skip-secret-detection-commit-option-renamed'));
    expect(line).toContain(
      '[The commit option \\[skip secret detection\\] becomes \\[skip secret push protection\\]](https://sunset.example.com/register/skip-secret-detection-commit-option-renamed/)',
    );
    // Every unescaped `[` opens the one link or a checkbox: nothing else starts a link by accident.
    const unescapedOpen = [...(line ?? '').matchAll(/(?<!\\)\[/g)].length;
    expect(unescapedOpen).toBe(2);
  });

  it('keeps what an imported scan report found: each place as file:line under its item', async () => {
    const register = await loadRegister();
    const plan = buildPlan(register, { from: '16.11', to: '17.0' });
    const markdown = planToMarkdown(plan, {
      siteUrl: 'https://s.test',
      found: { 'ci-job-jwt-removed': { places: ['.gitlab-ci.yml:12', 'ci/deploy.yml:3'], count: 5 } },
    });
    const lines = markdown.split('\n');
    const item = lines.findIndex((line) => line.includes('/register/ci-job-jwt-removed/'));
    expect(item).toBeGreaterThan(0);
    expect(lines.slice(item + 1, item + 3)).toContain(
      '  - Found in your repository (5 places): `.gitlab-ci.yml:12`, `ci/deploy.yml:3`, and 3 more',
    );
    expect(markdown.match(/Found in your repository/g)).toHaveLength(1);
  });
});
