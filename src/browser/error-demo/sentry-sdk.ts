/**
 * The real `@sentry/browser` SDK in the page, loaded on first use. It is set up the way Sentry documents
 * for a small bundle: a `BrowserClient` with only the integrations the demo needs — the global handlers,
 * so an error the page does not catch is reported, and linked errors for `cause` chains. The default set's
 * deduplication is left out on purpose: it would drop a second identical throw, and the demo counts them.
 */
import type { BrowserClient, ErrorEvent } from '@sentry/browser';
import { stableFrameName } from '../try/stable-frame-name.ts';

type SentryBrowser = typeof import('./sentry-sdk-parts.ts');

/** What the SDK is started with. */
export interface SdkSettings {
  dsn: string;
  /** The commit the page pretends to run: it becomes the error's "first seen" release. */
  release: string;
  /** `user.id` on every event. */
  userId: string;
}

/** The outcome of one event the SDK sent: the ingestion's status, which the SDK itself never surfaces. */
export interface Delivery {
  eventId: string;
  /** The HTTP status, undefined when the request failed outright. */
  statusCode: number | undefined;
  dsn: string;
}

let loading: Promise<SentryBrowser> | undefined;
let sentry: SentryBrowser | undefined;
let client: BrowserClient | undefined;

/** Loads the SDK chunk (once). */
export async function loadSdk(): Promise<SentryBrowser> {
  loading ??= import('./sentry-sdk-parts.ts');
  sentry = await loading;
  return sentry;
}

/** The SDK's version, once loaded. */
export const sdkVersion = (): string | undefined => sentry?.SDK_VERSION;

/** Starts (or restarts, with another DSN) the SDK; `onDelivery` hears about every event sent. */
export async function startSdk(settings: SdkSettings, onDelivery: (delivery: Delivery) => void): Promise<void> {
  const sdk = await loadSdk();
  await client?.close(0);
  const next = new sdk.BrowserClient({
    dsn: settings.dsn,
    release: settings.release,
    environment: 'try-it',
    transport: sdk.makeFetchTransport,
    stackParser: sdk.defaultStackParser,
    integrations: [sdk.globalHandlersIntegration(), sdk.linkedErrorsIntegration()],
    sendClientReports: false,
    beforeSend: stableFrames,
  });
  sdk.setCurrentClient(next);
  next.init();
  next.on('afterSendEvent', (event, response) =>
    onDelivery({ eventId: event.event_id ?? '', statusCode: response.statusCode, dsn: settings.dsn }),
  );
  sdk.setUser({ id: settings.userId });
  client = next;
}

/** Rewrites every frame's file to a name that does not change with the build, as bundled apps do. */
function stableFrames(event: ErrorEvent): ErrorEvent {
  for (const exception of event.exception?.values ?? []) {
    for (const frame of exception.stacktrace?.frames ?? []) {
      if (frame.filename) frame.filename = stableFrameName(frame.filename);
      if (frame.abs_path) frame.abs_path = stableFrameName(frame.abs_path);
    }
  }
  return event;
}

/** Changes the user on later events. */
export function setSdkUser(userId: string): void {
  sentry?.setUser({ id: userId });
}

/** Whether the SDK is running. */
export const sdkStarted = (): boolean => client !== undefined;

/** Sends a message event (`captureMessage`), at level warning. */
export function sendMessage(message: string): void {
  sentry?.captureMessage(message, 'warning');
}
