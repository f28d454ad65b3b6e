/**
 * `npm run reference`: the reference implementation on http://localhost:8787 (`PORT` to change),
 * with the demo world.
 */
import path from 'node:path';
import { loadRegister } from '../register/index.ts';
import { readConfigDir, readFixtureRepositories } from './analytics/repository/read-fixture-repositories.ts';
import { SAMPLE_PUBLIC_KEY, seedSampleErrors } from './errors/sample-errors.ts';
import { zlibDecompressor } from './errors/zlib-decompressor.ts';
import { demoFixtures } from './platform/world.ts';
import { createReference } from './reference.ts';
import { createReferenceServer, listen } from './server.ts';

const port = Number(process.env.PORT ?? 8787);
const contentDir = path.resolve(import.meta.dirname, '../../content');
const analytics = {
  repositories: await readFixtureRepositories(contentDir, demoFixtures().projects),
  configDir: await readConfigDir(contentDir),
  sample: true,
};
const register = await loadRegister(contentDir);
const reference = createReference({ analytics, errors: { decompress: zlibDecompressor }, register });
await seedSampleErrors(reference.errors, reference.platform.clock.now());
const server = createReferenceServer(reference.handlers);
const url = await listen(server, port, process.env.HOST ?? 'localhost');
console.log(`reference implementation listening on ${url}`);
console.log(
  `product analytics: ${reference.analytics.state.store(1).size} sample events in demo-app; collector ${url}/com.snowplowanalytics.snowplow/tp2 (app id demo-app)`,
);
console.log(
  `error tracking: demo-app's sample DSN is ${url.replace('://', `://${SAMPLE_PUBLIC_KEY}@`)}/api/v4/error_tracking/collector/1`,
);
console.log(
  `versioned behaviour: answering as ${reference.versioned?.behaviour.releases.fallback}; pick another release per request with the X-Platform-Release header`,
);
