import { z } from 'zod';

/** An item type an error SDK sends. */
export const sdkItemTypeSchema = z.enum(['exception', 'message', 'session']);

/** One row of the supported-SDK table (`content/sdks.yaml`). */
export const sdkSupportSchema = z.strictObject({
  /** The language. */
  language: z.string().min(1),
  /** The client version the platform was tested with. */
  tested_version: z.string().regex(/^\d+\.\d+\.\d+$/),
  /** The ingestion endpoint kind the SDK uses. */
  endpoint: z.enum(['store', 'envelope']),
  /** Item types it sends. */
  item_types: z.array(sdkItemTypeSchema).min(1),
});

/** The SDK support file. */
export const sdksFileSchema = z.array(sdkSupportSchema).min(1);

/** An SDK support row. */
export type SdkSupport = z.infer<typeof sdkSupportSchema>;
