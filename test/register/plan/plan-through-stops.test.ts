import { describe, expect, it } from 'vitest';
import { buildPlan } from '../../../src/register/plan/build-plan.ts';
import { renderPlanHtml } from '../../../src/register/plan/render/plan-html.ts';
import { planToMarkdown } from '../../../src/register/plan/render/plan-markdown.ts';
import { planJson, planText } from '../../../src/register/plan/render/plan-text.ts';
import { legsThrough, stopsBetween } from '../../../src/register/plan/upgrade-legs.ts';
import { createRegister } from '../../../src/register/register.ts';
import { makeEntry, registerData } from '../entry-fixture.ts';

const stops = [{ release: '16.3' }, { release: '16.7', note: 'Let **background migrations** finish.' }, { release: '17.3' }];
const data = registerData({
  entries: [
    makeEntry({ id: 'at-16-1', removed_in: '16.1' }),
    makeEntry({ id: 'at-16-3', removed_in: '16.3', breaking: true }),
    makeEntry({ id: 'at-16-5', removed_in: '16.5' }),
    makeEntry({ id: 'at-17-0', removed_in: '17.0' }),
    makeEntry({ id: 'at-17-5', removed_in: '17.5' }),
    makeEntry({
      id: 'imported-17-0',
      removed_in: '17.0',
      origin: 'imported',
      sources: [{ file: 'd/x.yml', item: 0, issue_url: 'https://i/9', resolution_role: 'Admin' }],
    }),
  ],
  releases: ['16.0', '16.1', '16.3', '16.5', '17.0', '17.5'],
  settings: { base_url: 'https://p', config_dir: '.gitlab', site_url: 'https://s' },
  upgradeStops: stops,
});
const register = createRegister(data);
const keys = (groups: { items: { key: string }[] }[]) => groups.flatMap((group) => group.items.map((item) => item.key)).sort();
const palette = { bold: (text: string) => text, dim: (text: string) => text, red: (text: string) => text };

describe('legs through required stops', () => {
  it('are the stops strictly between the two releases, in order', () => {
    expect(stopsBetween(stops, '16.3', '17.3').map((stop) => stop.release)).toEqual(['16.7']);
    expect(legsThrough('16.0', '17.0', stopsBetween(stops, '16.0', '17.0'))).toEqual([
      { from: '16.0', to: '16.3' },
      { from: '16.3', to: '16.7' },
      { from: '16.7', to: '17.0', note: 'Let **background migrations** finish.' },
    ]);
  });
});

describe('a plan across required stops', () => {
  const plan = buildPlan(register, { from: '16.0', to: '17.0' });

  it('lists the stops it crosses and puts each item on the leg that crosses its release', () => {
    expect(plan.stops?.map((stop) => stop.release)).toEqual(['16.3', '16.7']);
    expect(plan.legs?.map((leg) => [leg.from, leg.to, keys(leg.groups)])).toEqual([
      ['16.0', '16.3', ['at-16-1', 'at-16-3']],
      ['16.3', '16.7', ['at-16-5']],
      ['16.7', '17.0', ['at-17-0', 'imported-17-0']],
    ]);
    expect(keys(plan.mustDo)).toEqual(['at-16-1', 'at-16-3', 'at-16-5', 'at-17-0', 'imported-17-0']);
    expect(keys(plan.planAhead)).toEqual(['at-17-5']);
    expect(plan.direct).toBeUndefined();
  });

  it('prints before you upgrade, at each stop and after, in Markdown, text and JSON', () => {
    const markdown = planToMarkdown(plan, { siteUrl: 'https://s' });
    expect(markdown).toContain(
      '### Required upgrade stops\n\nAn upgrade from 16.0 to 17.0 goes through the required upgrade stops 16.3, 16.7, in this order; each change is listed at the stop before it takes effect.\n\n- 16.3\n- 16.7: Let **background migrations** finish.\n',
    );
    const headings = markdown.split('\n').filter((line) => /^#{3,4} /.test(line));
    expect(headings).toEqual([
      '### Required upgrade stops',
      '### Must do before upgrading (5)',
      '#### Before you upgrade: 16.0 → 16.3 (2)',
      '#### At stop 16.3, before moving on to 16.7 (1)',
      '#### At stop 16.7, before moving on to 17.0 (2)',
      '### Plan ahead (1)',
      '#### CI/CD pipelines',
      '### Hosted offering',
    ]);
    expect(markdown).toContain("  - Imported from the platform's data; who must act: Admin; [tracking issue](https://i/9)");
    const text = planText(plan, 'https://s', palette);
    expect(text).toContain('  Before you upgrade: 16.0 → 16.3 (2)\n');
    expect(text).toContain("imported from the platform's data · who must act: Admin · tracking issue: https://i/9");
    const json = JSON.parse(planJson(plan, 'https://s'));
    expect(json.stops).toEqual(plan.stops);
    expect(json.legs.map((leg: { title: string }) => leg.title)).toEqual([
      'Before you upgrade: 16.0 → 16.3',
      'At stop 16.3, before moving on to 16.7',
      'At stop 16.7, before moving on to 17.0',
    ]);
    expect(json.legs[2].note).toBe('Let **background migrations** finish.');
  });

  it('renders the legs on the site with a link to the whole range as one list', () => {
    const html = renderPlanHtml(plan);
    expect(html).toContain('<h2 id="stops-title">Required upgrade stops</h2>');
    expect(html).toContain('<li><strong>16.7</strong>: Let <strong>background migrations</strong> finish.</li>');
    expect(html).toContain('<a href="/upgrade/?from=16.0&amp;to=17.0&amp;direct=1">The whole range as one list</a>');
    expect(html).toContain('<h3 id="leg-0">Before you upgrade: 16.0 → 16.3 <span class="count">(2)</span></h3>');
    expect(html).toContain('<span class="badge badge-imported">Imported</span>');
    expect(html).toContain('who must act: <strong>Admin</strong> · <a href="https://i/9">tracking issue</a>');
  });

  it('gives the direct list when asked, saying which stops the range crosses', () => {
    const direct = buildPlan(register, { from: '16.0', to: '17.0', direct: true });
    expect(direct.legs).toBeUndefined();
    expect(direct.direct).toBe(true);
    expect(keys(direct.mustDo)).toEqual(keys(plan.mustDo));
    expect(planToMarkdown(direct, { siteUrl: 'https://s' })).toContain(
      'This range crosses the required upgrade stops 16.3, 16.7: an instance cannot go from 16.0 to 17.0 in one step.',
    );
    expect(renderPlanHtml(direct)).toContain('<a href="/upgrade/?from=16.0&amp;to=17.0">Plan it through the stops</a>');
  });

  it('is as before where no stop lies between the releases, or the register has none', () => {
    const between = buildPlan(register, { from: '16.3', to: '16.5' });
    expect(between.stops).toBeUndefined();
    expect(between.legs).toBeUndefined();
    const none = buildPlan(createRegister({ ...data, upgradeStops: undefined }), { from: '16.0', to: '17.0' });
    expect(none.stops).toBeUndefined();
    expect(planToMarkdown(none, { siteUrl: 'https://s' })).not.toMatch(/upgrade stops|Before you upgrade|At stop/);
  });
});
