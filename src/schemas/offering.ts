import { z } from 'zod';

/**
 * Where the platform runs: the vendor's hosted service, a customer's own self-managed instance, or a
 * single-tenant dedicated instance run by the vendor.
 */
export const offeringSchema = z.enum(['hosted', 'self-managed', 'dedicated']);

/** One of the platform's offerings. */
export type Offering = z.infer<typeof offeringSchema>;

/** Every offering, in the order pages and plans list them. */
export const OFFERINGS = offeringSchema.options;
