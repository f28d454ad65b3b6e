import type { HttpHandler } from 'msw';
import type { PlatformContext } from '../platform/context.ts';

/** The error-tracking part of the reference implementation. */
export interface ErrorTrackingModule {
  handlers: HttpHandler[];
}

/** Creates the error-tracking module over the shared platform context. */
export function createErrorTrackingModule(_platform: PlatformContext): ErrorTrackingModule {
  return { handlers: [] };
}
