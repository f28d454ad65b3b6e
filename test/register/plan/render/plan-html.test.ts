import { describe, expect, it } from 'vitest';
import { buildPlan } from '../../../../src/register/plan/build-plan.ts';
import { renderPlanHtml } from '../../../../src/register/plan/render/plan-html.ts';
import { createRegister } from '../../../../src/register/register.ts';
import { makeEntry } from '../../../site/entry-fixture.ts';
import { registerData } from '../../entry-fixture.ts';

const register = createRegister(
  registerData({
    entries: [
      makeEntry({ id: 'now-breaking', title: 'Now <breaking>', removed_in: '17.0' }),
      makeEntry({ id: 'later', title: 'Later', removed_in: '18.0', breaking: false }),
    ],
    areas: [{ id: 'ci', title: 'CI/CD pipelines', description: '.' }],
    releases: ['16.0', '17.0', '18.0'],
    flags: { beta_since: '16.0', flags: [] },
    settings: { base_url: 'https://p.test', config_dir: '.gitlab', site_url: 'https://s.test' },
  }),
);

describe('renderPlanHtml', () => {
  it('renders both lists with a checkbox per item and the hosted note', () => {
    const html = renderPlanHtml(buildPlan(register, { from: '16.0', to: '17.0' }));
    expect(html).toContain('<h2 id="must-do">Must do before upgrading (1)</h2>');
    expect(html).toContain('<h2 id="plan-ahead">Plan ahead (1)</h2>');
    expect(html.match(/type="checkbox" id="c-/g)).toHaveLength(2);
    expect(html).toContain('<a href="#must-do-ci"><span class="visually-hidden">Must do: </span>CI/CD pipelines</a> (1)');
    expect(html).toContain('<h3 id="plan-ahead-ci">');
    expect(html).toContain('data-scan hidden');
    expect(html).toContain('Now &lt;breaking&gt;');
    expect(html).toContain('id="hosted"');
    expect(html).toContain('<details><summary>What to do</summary>');
  });

  it('gives each box its own label beside the title, named by the title, and disabled until a script can keep ticks', () => {
    const html = renderPlanHtml(buildPlan(register, { from: '16.0', to: '17.0' }));
    expect(html).toContain(
      '<div class="item-title"><label class="tick"><input type="checkbox" id="c-now-breaking" aria-labelledby="c-now-breaking-title" data-key="now-breaking" disabled></label><span id="c-now-breaking-title">',
    );
    expect(html).toContain('<noscript><p class="note">Ticking items, keeping the ticks in this browser');
    expect(html).toContain('data-area="ci" data-breaking="yes"');
    expect(html).toContain('Entry page<span class="visually-hidden">: Now &lt;breaking&gt;</span>');
  });

  it('offers filters for area, breaking only, found in my scan and hide done, and folds the contents', () => {
    const html = renderPlanHtml(buildPlan(register, { from: '16.0', to: '17.0' }));
    expect(html).toContain(
      '<select data-filter-area><option value="">All areas</option><option value="ci">CI/CD pipelines</option></select>',
    );
    expect(html).toContain('<input type="checkbox" data-filter-breaking> Breaking only');
    expect(html).toContain('<label data-found-filter hidden><input type="checkbox" data-only-found> Found in my scan</label>');
    expect(html).toContain('<details data-open-wide><summary>On this checklist</summary>');
  });

  it("names itself by the page's own heading when given one, with no second heading", () => {
    const html = renderPlanHtml(buildPlan(register, { from: '16.0', to: '17.0' }), { headingId: 'page-title' });
    expect(html).toContain('aria-labelledby="page-title"');
    expect(html).not.toContain('id="plan-title"');
  });

  it('leaves out the hosted note for a self-managed plan', () => {
    const html = renderPlanHtml(buildPlan(register, { from: '16.0', to: '17.0', offering: 'self-managed' }));
    expect(html).not.toContain('id="hosted"');
  });

  it('shows the planner’s own message for a downgrade', () => {
    const html = renderPlanHtml(buildPlan(register, { from: '18.0', to: '17.0' }));
    expect(html).toContain('role="alert"');
    expect(html).toContain('downgrades are not supported');
    expect(html).not.toContain('type="checkbox"');
  });
});
