/**
 * What every real-SDK test does: capture the same exception twice (two users) and one message (a third
 * user), then read the errors list and details back. The SDK is passed in, so each SDK version runs in
 * its own test file (its own worker) and global SDK state never leaks between runs.
 */
import { expect } from 'vitest';
import type { ErrorDetails, ErrorSummary } from '../../src/reference/errors/error-views.ts';

/** The part of a Sentry SDK the scenario uses (common to @sentry/node 7 and 10). */
export interface SentryLike {
  withScope(callback: (scope: { setUser(user: Record<string, string> | null): unknown }) => void): void;
  captureException(error: unknown): string;
  captureMessage(message: string): string;
}

/** Throws from a named function, so the crash frame is known. */
export function failCheckout(cart: { items?: { price: number }[] }): number {
  if (!cart.items) throw new TypeError('cart.items is undefined');
  return cart.items.length;
}

/** Sends the scenario's three events through the SDK. */
export function captureScenario(sentry: SentryLike, tag: string): void {
  const users: Record<string, string>[] = [{ id: `${tag}-ada` }, { email: `${tag}-grace@example.com` }];
  for (const user of users) {
    sentry.withScope((scope) => {
      scope.setUser(user);
      try {
        failCheckout({});
      } catch (error) {
        sentry.captureException(error);
      }
    });
  }
  sentry.withScope((scope) => {
    scope.setUser({ username: `${tag}-linus` });
    sentry.captureMessage(`${tag}: payment provider slow`);
  });
}

/** Reads the errors back through the API and checks counts, users and stack frames. */
export async function expectScenarioErrors(getJson: <T>(path: string) => Promise<T>, tag: string): Promise<void> {
  const errors = await getJson<ErrorSummary[]>('/api/v4/projects/1/error_tracking/errors?sort=frequency');
  const exception = errors.find((error) => error.type === 'TypeError');
  const message = errors.find((error) => error.title === `${tag}: payment provider slow`);
  expect(errors).toHaveLength(2);
  expect(exception).toMatchObject({
    title: 'TypeError: cart.items is undefined',
    occurrences: 2,
    users_affected: 2,
    platform: 'node',
  });
  expect(exception?.culprit).toMatch(/^failCheckout in /);
  expect(message).toMatchObject({ type: null, occurrences: 1, users_affected: 1 });

  const details = await getJson<ErrorDetails>(`/api/v4/projects/1/error_tracking/errors/${exception?.id}`);
  const frames = details.stack_trace.at(-1)?.frames ?? [];
  expect(frames.at(-1)).toMatchObject({ function: 'failCheckout', lineno: expect.any(Number) });
  expect(frames.at(-1)?.filename).toMatch(/sentry-sdk-scenario\.ts$/);
  expect(details.frequency.reduce((sum, bar) => sum + bar.count, 0)).toBe(2);
}
