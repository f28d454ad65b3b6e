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
});
