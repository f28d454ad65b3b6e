/**
 * `npm run reference`: the reference implementation on http://localhost:8787 (`PORT` to change),
 * with the demo world.
 */
import { SAMPLE_PUBLIC_KEY, seedSampleErrors } from './errors/sample-errors.ts';
import { zlibDecompressor } from './errors/zlib-decompressor.ts';
import { createReference } from './reference.ts';
import { createReferenceServer, listen } from './server.ts';

const port = Number(process.env.PORT ?? 8787);
const reference = createReference({ errors: { decompress: zlibDecompressor } });
await seedSampleErrors(reference.errors, reference.platform.clock.now());
const server = createReferenceServer(reference.handlers);
const url = await listen(server, port, process.env.HOST ?? 'localhost');
console.log(`reference implementation listening on ${url}`);
console.log(
  `error tracking: demo-app's sample DSN is ${url.replace('://', `://${SAMPLE_PUBLIC_KEY}@`)}/api/v4/error_tracking/collector/1`,
);
