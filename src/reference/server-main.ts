/**
 * `npm run reference`: the reference implementation on http://localhost:8787 with the demo world.
 * Options: `--port N` (or PORT), `--host H` (or HOST), `--data-dir DIR` (keep everything in DIR), `--trust-proxy`.
 */
import { SAMPLE_PUBLIC_KEY } from './errors/sample-errors.ts';
import { parseServerArgs } from './server-args.ts';
import { startReferenceServer } from './start-server.ts';

async function main(): Promise<void> {
  const options = parseServerArgs(process.argv.slice(2), process.env);
  const { url, reference } = await startReferenceServer(options);
  console.log(`reference implementation listening on ${url}`);
  console.log(options.dataDir ? `keeping data in ${options.dataDir}` : 'keeping data in memory (pass --data-dir DIR to keep it)');
  console.log(
    `product analytics: ${reference.analytics.state.store(1).size} events in demo-app; collector ${url}/com.snowplowanalytics.snowplow/tp2 (app id demo-app)`,
  );
  console.log(
    `error tracking: demo-app's sample DSN is ${url.replace('://', `://${SAMPLE_PUBLIC_KEY}@`)}/api/v4/error_tracking/collector/1`,
  );
  console.log(
    `versioned behaviour: answering as ${reference.versioned?.behaviour.releases.fallback}; pick another release per request with the X-Platform-Release header`,
  );
}

main().catch((error: unknown) => {
  console.error(`reference: ${(error as Error).message}`);
  process.exit(1);
});
