import type { ErrorEvent } from '../../../src/reference/errors/error-event.ts';

/** The time the group events are sent at unless told otherwise. */
export const NOW = Date.UTC(2026, 5, 1);

/** An event of its own group (its fingerprint), shaped like an SDK's: a message, a user and a short stack. */
export const groupEvent = (group: number, at: number = NOW, serial = 0): ErrorEvent => ({
  eventId: `${group.toString(16).padStart(16, '0')}${serial.toString(16).padStart(16, '0')}`,
  timestamp: at,
  receivedAt: at,
  platform: 'javascript',
  level: 'error',
  message: `request ${group} failed`,
  fingerprint: [`fp-${group}`],
  release: 'web@1.4.2',
  environment: 'production',
  user: { id: `user-${group % 977}` },
  exceptions: [
    {
      type: 'TypeError',
      value: `Cannot read properties of undefined (reading 'item${group}')`,
      frames: [
        { filename: 'app/main.js', function: 'main', lineno: 10, colno: 3, in_app: true },
        { filename: 'app/cart.js', function: 'addItem', lineno: 42, colno: 17, in_app: true },
        { filename: 'app/cart.js', function: 'render', lineno: 97, colno: 5, in_app: true },
      ],
    },
  ],
});
