import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { featureFlagSchema } from '../../src/schemas/feature-flag.ts';
import { contentDir } from '../../src/site/content-dir.ts';
import { flagTimeline } from '../../src/site/flag-timeline.ts';
import { fillPlaceholders } from '../../src/site/placeholders.ts';
import { describeRule } from '../../src/site/rule-description.ts';
import { consecutiveMajorPairs } from '../../src/site/upgrade-pairs.ts';

describe('consecutiveMajorPairs', () => {
  it('pairs each major with the next one present', () => {
    expect(consecutiveMajorPairs(['15.4', '16.0', '16.10', '17.3', '18.0', '20.0']).map((pair) => pair.slug)).toEqual([
      '15.0-to-16.0',
      '16.0-to-17.0',
      '17.0-to-18.0',
    ]);
  });
});

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

describe('flagTimeline', () => {
  it('orders releases numerically and keeps every event', () => {
    const flags = [
      featureFlagSchema.parse({
        name: 'a',
        description: 'A.',
        history: [
          { release: '15.10', event: 'introduced' },
          { release: '17.1', event: 'removed' },
        ],
      }),
      featureFlagSchema.parse({
        name: 'b',
        description: 'B.',
        history: [
          { release: '15.4', event: 'introduced' },
          { release: '17.1', event: 'removed' },
        ],
      }),
    ];
    expect(flagTimeline(flags)).toEqual([
      { release: '15.4', events: [{ flag: 'b', event: 'introduced' }] },
      { release: '15.10', events: [{ flag: 'a', event: 'introduced' }] },
      {
        release: '17.1',
        events: [
          { flag: 'a', event: 'removed' },
          { flag: 'b', event: 'removed' },
        ],
      },
    ]);
  });
});

describe('describeRule', () => {
  it('says what a rule looks for', () => {
    const sample = { file: 'x', text: 'y' };
    expect(describeRule({ kind: 'ci-variable', name: 'CI_JOB_JWT', example: sample, near_miss: sample })).toBe(
      'CI/CD variable `CI_JOB_JWT`',
    );
    expect(
      describeRule({
        kind: 'rest',
        method: 'GET',
        path: '/projects/:id/ci/lint',
        params: ['ref', 'sha'],
        example: sample,
        near_miss: sample,
      }),
    ).toBe('REST request GET `/projects/:id/ci/lint` with `ref` and `sha`');
  });
});

describe('contentDir', () => {
  it('reads SUNSET_CONTENT_DIR and falls back to content/ in the working directory', () => {
    expect(contentDir({ SUNSET_CONTENT_DIR: '/tmp/bench/content' })).toBe('/tmp/bench/content');
    expect(contentDir({ SUNSET_CONTENT_DIR: '' })).toBe(path.resolve('content'));
    expect(contentDir({})).toBe(path.resolve('content'));
  });
});
