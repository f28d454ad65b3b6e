import { describe, expect, it } from 'vitest';
import { loadRegister } from '../../src/register/index.ts';
import { buildPlan } from '../../src/register/plan/build-plan.ts';
import { renderPlanHtml } from '../../src/register/plan/render/plan-html.ts';
import { planToMarkdown } from '../../src/register/plan/render/plan-markdown.ts';
import { registerEntrySchema } from '../../src/schemas/register-entry.ts';

const base = {
  id: 'sample-removed',
  title: 'Sample is removed',
  area: 'ci',
  kind: 'removal',
  removed_in: '17.0',
  offerings: ['hosted'],
  summary: 'Sample goes.',
  migration: 'Use another.',
};
const issuesOf = (fields: Record<string, unknown>) =>
  registerEntrySchema
    .safeParse({ ...base, ...fields })
    .error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) ?? [];

describe('breaking_reason', () => {
  it('is required on a breaking entry, one line, and refused on one that is not breaking', () => {
    expect(issuesOf({ breaking: true })).toEqual([
      'breaking_reason: a breaking entry needs `breaking_reason`: one line saying what stops working',
    ]);
    expect(issuesOf({ breaking: true, breaking_reason: 'Jobs that read `SAMPLE` get nothing.' })).toEqual([]);
    expect(issuesOf({ breaking: true, breaking_reason: 'Jobs that read `SAMPLE`\nget nothing at all.' })).toEqual([
      'breaking_reason: one line only',
    ]);
    expect(issuesOf({ breaking: true, breaking_reason: 'x'.repeat(201) })[0]).toContain('at most 200 characters');
    expect(issuesOf({ breaking: false, breaking_reason: 'Jobs that read `SAMPLE` get nothing.' })).toEqual([
      'breaking_reason: `breaking_reason` is only for `breaking: true`',
    ]);
  });

  it('is written for every breaking entry in the register, each its own sentence rather than a template', async () => {
    const register = await loadRegister();
    const breaking = register.entries.filter((entry) => entry.breaking);
    expect(breaking.length).toBeGreaterThan(100);
    const reasons = breaking.map((entry) => entry.breaking_reason ?? '');
    expect(reasons.filter((reason) => reason === '')).toEqual([]);
    expect(new Set(reasons).size).toBe(reasons.length);
    expect(reasons.filter((reason) => /existing use stops working without a change/i.test(reason))).toEqual([]);
    // A reason names the thing that breaks: it shares at least one identifier or word of substance with its entry.
    const unrelated = breaking.filter((entry) => {
      const words = (text: string) => new Set(text.toLowerCase().match(/[a-z0-9_:./-]{5,}/g) ?? []);
      const own = words(`${entry.title} ${entry.summary} ${entry.migration} ${Object.values(entry.names).flat().join(' ')}`);
      return ![...words(entry.breaking_reason ?? '')].some((word) => own.has(word));
    });
    expect(unrelated.map((entry) => entry.id)).toEqual([]);
  });

  it("is shown in the upgrade checklist, as HTML and as Markdown, marked as Sunset's reading", async () => {
    const register = await loadRegister();
    const plan = buildPlan(register, { from: '16.11', to: '17.0' });
    const entry = register.entry('ci-job-jwt-removed');
    const reason = entry?.breaking_reason ?? 'missing';
    const markdown = planToMarkdown(plan, { siteUrl: 'https://s.test' });
    expect(markdown).toContain(`  - Breaks (Sunset's reading): ${reason}`);
    const html = renderPlanHtml(plan);
    expect(html).toContain(
      `<p class="breaking-reason"><strong>Breaks</strong> (Sunset's reading): Jobs that pass <code>CI_<wbr>JOB_<wbr>JWT</code>`,
    );
    // Said once for the checklist, with one link, rather than a link of the same words beside every item.
    expect(html).toContain('The platform’s documentation does not say what breaks; this is Sunset’s reading');
    expect(html.match(/href="\/register\/#breaking"/g)).toHaveLength(1);
  });

  it('lists ci_job_token_scope_enabled among the must-dos of a 16.0 to 17.0 upgrade', async () => {
    const register = await loadRegister();
    const plan = buildPlan(register, { from: '16.0', to: '17.0' });
    const mustDo = plan.mustDo.flatMap((group) => group.items.map((item) => item.entry.id));
    expect(mustDo).toContain('projects-api-ci-job-token-scope-enabled-removed');
  });
});
