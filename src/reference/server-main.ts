/**
 * `npm run reference`: the reference implementation on http://localhost:8787 (`PORT` to change),
 * with the demo world.
 */
import { createReference } from './reference.ts';
import { createReferenceServer, listen } from './server.ts';

const port = Number(process.env.PORT ?? 8787);
const reference = createReference();
const server = createReferenceServer(reference.handlers);
const url = await listen(server, port, process.env.HOST ?? 'localhost');
console.log(`reference implementation listening on ${url}`);
