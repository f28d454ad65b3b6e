import { describe, expect, it } from 'vitest';
import { fillPlaceholders } from '../../src/site/placeholders.ts';

describe('fillPlaceholders', () => {
  it('fills the spec placeholders from settings and leaves other braces alone', () => {
    const settings = { base_url: 'https://platform.example.com/', config_dir: '.gitlab' };
    expect(fillPlaceholders('{base_url}/api/v4/projects/{project_id} in {config_dir}/analytics', settings)).toBe(
      'https://platform.example.com/api/v4/projects/{project_id} in .gitlab/analytics',
    );
    expect(fillPlaceholders('{site_url}/schemas/x', settings)).toBe('{site_url}/schemas/x');
    expect(fillPlaceholders('{site_url}/schemas/x', { ...settings, site_url: 'https://docs.test/' })).toBe(
      'https://docs.test/schemas/x',
    );
  });
});
