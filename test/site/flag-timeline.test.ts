import { describe, expect, it } from 'vitest';
import { featureFlagSchema } from '../../src/schemas/feature-flag.ts';
import { flagTimeline } from '../../src/site/flag-timeline.ts';

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
