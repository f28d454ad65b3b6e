/**
 * Sample data for the demo world: a client key for project 1 (demo-app) with a fixed public key, so
 * guides can print a DSN that works, and a day and a half of errors from every supported SDK shape,
 * ingested through the same path as live traffic.
 */
import { HOUR_MS } from './ingestion-limits.ts';
import type { ErrorTrackingModule } from './module.ts';
import { SDK_SAMPLES } from './sdk-samples.ts';

/** The public key of demo-app's sample client key. */
export const SAMPLE_PUBLIC_KEY = '5a4d1e0f9b8c7a6d5e4f3a2b1c0d9e8f';

/** Seeds sample errors into project 1 at times before `now`. Returns how many requests were ingested. */
export async function seedSampleErrors(
  module: ErrorTrackingModule,
  now: number,
  baseUrl = 'http://localhost:8787',
): Promise<number> {
  const { keys } = module.state;
  if (!keys.findByPublicKey(SAMPLE_PUBLIC_KEY)) {
    keys.add({
      id: keys.all().reduce((max, key) => Math.max(max, key.id), 0) + 1,
      projectId: 1,
      active: true,
      publicKey: SAMPLE_PUBLIC_KEY,
    });
  }
  const dsn = `${new URL(baseUrl).protocol}//${SAMPLE_PUBLIC_KEY}@${new URL(baseUrl).host}/api/v4/error_tracking/collector/1`;
  let count = 0;
  for (let variant = 0; variant < 36; variant++) {
    for (const [index, sample] of SDK_SAMPLES.entries()) {
      // Spread over the last 36 hours, later SDKs a little later, so the frequency graph has a shape.
      const at = now - (36 - variant) * HOUR_MS + index * 7 * 60_000 + 1;
      const request = sample.build({ publicKey: SAMPLE_PUBLIC_KEY, dsn, at, variant });
      const { 'content-encoding': _sent, ...headers } = request.headers;
      const result = await module.ingest({
        kind: request.kind,
        projectId: '1',
        headers: new Headers(headers),
        query: new URLSearchParams(request.query),
        body: new TextEncoder().encode(request.body),
        clientAddress: '198.51.100.7',
      });
      if (result.status !== 200) throw new Error(`sample ${sample.sdk} was refused: ${JSON.stringify(result.body)}`);
      count += 1;
    }
  }
  return count;
}
