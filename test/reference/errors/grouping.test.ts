import { describe, expect, it } from 'vitest';
import type { ErrorEvent } from '../../../src/reference/errors/error-event.ts';
import { culpritOf, groupingKey, titleOf } from '../../../src/reference/errors/grouping.ts';

const frames = (fn: string, module: string) => [
  { function: 'main', module: 'main' },
  { function: fn, module, lineno: 10 },
];
const event = (overrides: Partial<ErrorEvent> = {}): ErrorEvent => ({
  eventId: 'e'.repeat(32),
  timestamp: 0,
  receivedAt: 0,
  platform: 'node',
  level: 'error',
  exceptions: [{ type: 'TypeError', value: 'x is undefined', frames: frames('handler', 'app') }],
  ...overrides,
});

describe('grouping', () => {
  it('groups by exception type, crash frame and platform, whatever the message', () => {
    const a = event();
    const b = event({ exceptions: [{ type: 'TypeError', value: 'y is undefined', frames: frames('handler', 'app') }] });
    expect(groupingKey(a)).toBe(groupingKey(b));
    expect(groupingKey(event({ exceptions: [{ type: 'RangeError', frames: frames('handler', 'app') }] }))).not.toBe(
      groupingKey(a),
    );
    expect(groupingKey(event({ exceptions: [{ type: 'TypeError', frames: frames('other', 'app') }] }))).not.toBe(groupingKey(a));
    expect(groupingKey(event({ platform: 'python' }))).not.toBe(groupingKey(a));
  });

  it('uses the transaction as the culprit when there is one', () => {
    const a = event({ transaction: 'GET /cart' });
    expect(culpritOf(a)).toBe('GET /cart');
    expect(groupingKey(a)).toBe(
      groupingKey(event({ transaction: 'GET /cart', exceptions: [{ type: 'TypeError', frames: frames('x', 'y') }] })),
    );
  });

  it("names the crash frame's function and module (or file) as the culprit", () => {
    expect(culpritOf(event())).toBe('handler in app');
    expect(culpritOf(event({ exceptions: [{ type: 'E', frames: [{ function: 'f', filename: 'f.go' }] }] }))).toBe('f in f.go');
  });

  it('uses the fingerprint alone when given, expanding {{ default }}', () => {
    const a = event({ fingerprint: ['checkout-failure'] });
    const b = event({ fingerprint: ['checkout-failure'], exceptions: [{ type: 'Other', frames: [] }], platform: 'go' });
    expect(groupingKey(a)).toBe(groupingKey(b));
    expect(groupingKey(event({ fingerprint: ['{{ default }}', 'eu'] }))).not.toBe(
      groupingKey(event({ fingerprint: ['{{ default }}', 'us'] })),
    );
    expect(groupingKey(event({ fingerprint: ['{{default}}'] }))).toContain('TypeError');
  });

  it('groups message events by their message', () => {
    const a = event({ exceptions: [], message: 'disk full' });
    expect(groupingKey(a)).toBe(groupingKey(event({ exceptions: [], message: 'disk full' })));
    expect(groupingKey(a)).not.toBe(groupingKey(event({ exceptions: [], message: 'disk empty' })));
  });

  it('titles errors as "Type: value", else the first line of the message', () => {
    expect(titleOf(event())).toBe('TypeError: x is undefined');
    expect(titleOf(event({ exceptions: [], message: 'first\nsecond' }))).toBe('first');
    expect(titleOf(event({ exceptions: [] }))).toBe('<unlabeled event>');
  });
});
