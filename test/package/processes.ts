import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:net';

/** Runs a command to the end and returns its exit code and output. */
export function run(command: string, args: readonly string[], cwd: string, env: Record<string, string> = {}) {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', env: { ...process.env, ...env }, timeout: 120_000 });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** A TCP port nobody listens on right now. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** A long-running process that printed its base URL. */
export interface Started {
  url: string;
  output: () => string;
  stop(): Promise<number | null>;
}

/** Starts a server process and resolves once it prints `listening on <url>`; rejects when it exits first. */
export function startServer(command: string, args: readonly string[], cwd: string, options: { shell?: boolean } = {}) {
  // A process group of its own, so stopping it also stops what a launcher such as npx started.
  const child: ChildProcess = spawn(command, args, {
    cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
    shell: options.shell ?? false,
    detached: true,
  });
  let output = '';
  return new Promise<Started>((resolve, reject) => {
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match?.[1]) {
        resolve({
          url: match[1],
          output: () => output,
          stop: () =>
            new Promise((done) => {
              if (child.exitCode !== null) return done(child.exitCode);
              child.once('exit', (code) => done(code));
              process.kill(-(child.pid as number), 'SIGTERM');
            }),
        });
      }
    };
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
    child.once('exit', (code) =>
      reject(new Error(`${command} ${args.join(' ')} exited with ${code} before listening:\n${output}`)),
    );
  });
}

/** Asks the reference for a client key (its DSN) and runs a product-analytics query, as an SDK set-up would. */
export async function probeReference(url: string) {
  const key = await fetch(`${url}/api/v4/projects/1/error_tracking/client_keys`, {
    method: 'POST',
    headers: { 'PRIVATE-TOKEN': 'demo-maintainer-token' },
  });
  const query = await fetch(`${url}/api/v4/projects/1/product_analytics/request/load?queryType=multi`, {
    method: 'POST',
    headers: { 'PRIVATE-TOKEN': 'demo-read-token', 'Content-Type': 'application/json' },
    body: JSON.stringify({ query: { measures: ['TrackedEvents.count'] } }),
  });
  return {
    keyStatus: key.status,
    key: (await key.json()) as { public_key?: string; sentry_dsn?: string },
    queryStatus: query.status,
    query: (await query.json()) as { results?: { data: Record<string, string>[] }[] },
  };
}
