import { z } from 'zod';
import { OFFERINGS } from './offerings.ts';

export { OFFERINGS };

/**
 * Where the platform runs: the vendor's hosted service, a customer's own self-managed instance, or a
 * single-tenant dedicated instance run by the vendor.
 */
export const offeringSchema = z.enum(OFFERINGS);

/** One of the platform's offerings. */
export type Offering = z.infer<typeof offeringSchema>;
