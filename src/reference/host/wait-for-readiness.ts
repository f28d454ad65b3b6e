/**
 * Waits for a reference server to answer its readiness path, as a CI job does before its tests run: a
 * service container may still be installing and starting the server (seconds under load) when the job's
 * script begins.
 */
import { READINESS_PATH } from '../server.ts';

/** How often the server is asked, in milliseconds. */
const INTERVAL_MS = 250;

/** The outcome: ready after some time, or not within the timeout, with the last thing seen. */
export type Readiness = { ready: true; afterMs: number } | { ready: false; last: string };

/** Asks `${base}/-/readiness` until it answers 200 or `timeoutMs` passes. */
export async function waitForReadiness(base: string, timeoutMs: number): Promise<Readiness> {
  const url = `${base.replace(/\/+$/, '')}${READINESS_PATH}`;
  const started = Date.now();
  let last = 'no answer yet';
  for (;;) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(Math.min(2000, timeoutMs)) });
      await response.body?.cancel();
      if (response.ok) return { ready: true, afterMs: Date.now() - started };
      last = `${response.status} ${response.statusText}`.trim();
    } catch (error) {
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      last = cause?.code ?? cause?.message ?? (error as Error).message;
    }
    if (Date.now() - started + INTERVAL_MS > timeoutMs) return { ready: false, last };
    await new Promise((resolve) => setTimeout(resolve, INTERVAL_MS));
  }
}
