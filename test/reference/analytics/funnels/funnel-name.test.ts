import { describe, expect, it } from 'vitest';
import { funnelName, funnelNameProblem } from '../../../../src/reference/analytics/funnels/funnel-name.ts';

describe('funnel names', () => {
  it('makes a slug of the file name: words joined by underscores, special characters removed, lower case', () => {
    expect(funnelName('.gitlab/analytics/funnels/completed_purchase.yaml')).toBe('completed_purchase');
    expect(funnelName('Completed Purchase.yaml')).toBe('completed_purchase');
    expect(funnelName('completed-purchase.yml')).toBe('completed_purchase');
    expect(funnelName('completedPurchase.yaml')).toBe('completed_purchase');
    expect(funnelName('Sign-up (2024)!.yaml')).toBe('sign_up_2024');
  });

  it('says when a name cannot be a member group', () => {
    expect(funnelNameProblem(funnelName('2024 signups.yaml'))).toMatch(/starts with a digit/);
    expect(funnelNameProblem(funnelName('!!!.yaml'))).toMatch(/no letters or digits/);
    expect(funnelNameProblem('completed_purchase')).toBeUndefined();
  });
});
