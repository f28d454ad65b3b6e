import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');
let server: ChildProcess;
let base: string;

/** Starts `npm run reference`'s entry point on a free port and waits for the address it prints. */
beforeAll(async () => {
  server = spawn(process.execPath, [path.join(ROOT, 'src/reference/server-main.ts')], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  base = await new Promise<string>((resolve, reject) => {
    let output = '';
    server.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match?.[1]) resolve(match[1]);
    });
    server.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    server.once('exit', (code) => reject(new Error(`the server exited with ${code}: ${output}`)));
  });
});

afterAll(() => {
  server?.kill();
});

const post = (query: unknown, token = 'demo-read-token') =>
  fetch(`${base}/api/v4/projects/1/product_analytics/request/load?queryType=multi`, {
    method: 'POST',
    headers: { 'PRIVATE-TOKEN': token, 'Content-Type': 'application/json' },
    body: JSON.stringify({ query }),
  });

describe('the local server (npm run reference)', () => {
  it('serves endpoint 1 over real HTTP with 60 days of sample events', async () => {
    const response = await post({
      measures: ['TrackedEvents.count'],
      timeDimensions: [{ dimension: 'TrackedEvents.utcTime', granularity: 'day', dateRange: 'last 60 days' }],
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { results: { data: Record<string, string>[] }[] };
    const days = body.results[0]?.data ?? [];
    expect(days).toHaveLength(60);
    expect(days.filter((row) => Number(row['TrackedEvents.count']) > 0).length).toBeGreaterThan(50);
  });

  it("answers project 1's funnel from its fixture repository", async () => {
    const response = await post({
      measures: ['completed_purchase.count'],
      dimensions: ['completed_purchase.step'],
      order: { 'completed_purchase.step': 'asc' },
    });
    const body = (await response.json()) as { results: { data: Record<string, string>[] }[] };
    expect(body.results[0]?.data.map((row) => row['completed_purchase.step'])).toEqual([
      'view_products',
      'open_cart',
      'start_checkout',
      'purchase',
    ]);
  });

  it('answers bad input with a JSON 400, not a crash', async () => {
    const response = await post({ measures: ['TrackedEvents.count'], limit: 50_001 });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toMatch(/paginate with limit and offset/);
  });
});
