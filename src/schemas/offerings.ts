// Apart from the schema in offering.ts so code that needs only the names (the CLI's check) loads no zod.

/** Every offering, in the order pages and plans list them. */
export const OFFERINGS = ['hosted', 'self-managed', 'dedicated'] as const;

/** One of the platform's offerings. */
export type Offering = (typeof OFFERINGS)[number];
