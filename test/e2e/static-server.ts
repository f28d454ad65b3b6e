import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.xml': 'application/xml',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.wasm': 'application/wasm',
};

async function fileFor(root: string, pathname: string): Promise<string | undefined> {
  const relative = decodeURIComponent(pathname).replace(/\/+$/, '/index.html');
  const file = path.join(root, path.normalize(relative));
  if (!file.startsWith(root)) return undefined;
  const info = await stat(file).catch(() => undefined);
  if (info?.isFile()) return file;
  if (info?.isDirectory()) return fileFor(root, `${pathname}/`);
  return undefined;
}

/** A static file server for a built site, as a host would serve it (directory index, 404 page). */
export async function serveStatic(root: string): Promise<{ url: string; server: Server }> {
  const absolute = path.resolve(root);
  const server = createServer(async (request, response) => {
    const { pathname } = new URL(request.url ?? '/', 'http://localhost');
    const file = await fileFor(absolute, pathname);
    if (!file) {
      response.writeHead(404, { 'Content-Type': TYPES['.html'] as string });
      createReadStream(path.join(absolute, '404.html'))
        .on('error', () => response.end('not found'))
        .pipe(response);
      return;
    }
    response.writeHead(200, { 'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, server };
}
