import type { HttpHandler } from 'msw';
import type { PlatformContext } from '../platform/context.ts';

/** The product-analytics part of the reference implementation. */
export interface AnalyticsModule {
  handlers: HttpHandler[];
}

/** Creates the analytics module over the shared platform context. */
export function createAnalyticsModule(_platform: PlatformContext): AnalyticsModule {
  return { handlers: [] };
}
