import { describe, expect, it } from 'vitest';
import { readFunnelDefinitions } from '../../../../src/reference/analytics/funnels/funnel-definitions.ts';
import { formatProblem } from '../../../../src/register/content-error.ts';
import { COMPLETED_PURCHASE_YAML, funnelRepository } from '../analytics-fixtures.ts';

const problemsOf = (files: Record<string, string>) =>
  readFunnelDefinitions(funnelRepository(files), '.gitlab').problems.map(formatProblem);

describe('funnel definitions', () => {
  it('reads every definition in {config_dir}/analytics/funnels/ and names each funnel by its file', () => {
    const files = new Map([
      ...funnelRepository({
        'completed_purchase.yaml': COMPLETED_PURCHASE_YAML,
        'Newsletter Sign-up.yml': 'seconds_to_convert: 60\nsteps:\n  - {name: home, action: pageview, target: /}\n',
      }),
      ['.gitlab/analytics/funnels/drafts/old.yaml', 'not: read'],
      ['.gitlab/analytics/visualizations/x.yaml', 'not: a funnel'],
    ]);
    const { funnels, problems } = readFunnelDefinitions(files, '.gitlab');
    expect(problems).toEqual([]);
    expect(funnels.map((funnel) => funnel.slug)).toEqual(['newsletter_sign_up', 'completed_purchase']);
    expect(funnels.find((funnel) => funnel.slug === 'completed_purchase')?.definition.steps).toHaveLength(4);
  });

  it('rejects a non-integer seconds_to_convert with file, line and field', () => {
    expect(problemsOf({ 'slow.yaml': COMPLETED_PURCHASE_YAML.replace('3600', '90.5') })).toEqual([
      '.gitlab/analytics/funnels/slow.yaml:1:1 seconds_to_convert: seconds_to_convert must be a whole number of seconds',
    ]);
  });

  it('rejects an action other than pageview with the step path', () => {
    expect(
      problemsOf({
        'clicks.yaml': COMPLETED_PURCHASE_YAML.replace('action: pageview\n    target: /cart', 'action: click\n    target: /cart'),
      }),
    ).toEqual(['.gitlab/analytics/funnels/clicks.yaml:7:5 steps[1].action: only the action "pageview" is supported']);
  });

  it('rejects duplicate step names at the second one', () => {
    const duplicate = COMPLETED_PURCHASE_YAML.replace('name: open_cart', 'name: view_products');
    expect(problemsOf({ 'twice.yaml': duplicate })).toEqual([
      '.gitlab/analytics/funnels/twice.yaml:6:5 steps[1].name: step name "view_products" is used by step 1 already; step names must be unique',
    ]);
  });

  it('reports two files that would give the same funnel name', () => {
    const problems = problemsOf({
      'completed_purchase.yaml': COMPLETED_PURCHASE_YAML,
      'completed-purchase.yaml': COMPLETED_PURCHASE_YAML,
    });
    expect(problems).toEqual([
      '.gitlab/analytics/funnels/completed_purchase.yaml .gitlab/analytics/funnels/completed-purchase.yaml already defines the funnel "completed_purchase"; funnel names must be unique',
    ]);
  });
});
