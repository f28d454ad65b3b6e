/**
 * `bench:ingest`'s HTTP comparison: a route's server and a peer (the bare server, or the parse-only one) run side by side, each in its own
 * process, and the same requests go to each in turns of 1,000 (the order alternating), so both see the same
 * machine load as other processes come and go. Each server's CPU time (user + system) is read around every
 * turn, so the figures are the servers' own work per request, not the client's or the machine's.
 */
import {
  type HttpRequestLike,
  type HttpRoute,
  type HttpServer,
  serializeAll,
  startHttpServer,
  viaHttp,
} from './ingest-http-client.ts';

/** One server's figures over the timed requests. */
export interface ServerFigures {
  /** Requests per second while it was being sent to. */
  rate: number;
  /** CPU time per request, in microseconds. */
  cpuPerRequest: number;
  /** 99th percentile time per request, in milliseconds. */
  p99: number;
}

/** A route's figures and its peer's (under `bare` whichever peer it is), from the same run. */
export interface PairedFigures {
  route: ServerFigures;
  bare: ServerFigures;
}

const TURN = 1000;

async function turn<T extends HttpRequestLike>(
  server: HttpServer,
  requests: T[],
  clients: number,
  durations: Float64Array,
  at: number,
) {
  const cpu = await server.cpu();
  const started = performance.now();
  await viaHttp<T>(server, clients).batch(requests, durations, at);
  return { ms: performance.now() - started, cpu: (await server.cpu()) - cpu };
}

function figures(count: number, ms: number, cpu: number, durations: Float64Array): ServerFigures {
  durations.sort();
  return { rate: Math.round(count / (ms / 1000)), cpuPerRequest: cpu / count, p99: durations[Math.floor(count * 0.99)] ?? 0 };
}

/**
 * Sends `warm` requests to each server, then `requests` in turns; `between` runs before each turn pair (the
 * caller's floor measurement). `stored` checks the route's server kept every event it was sent.
 */
export async function measurePaired<T extends HttpRequestLike>(
  route: HttpRoute,
  publicKey: string,
  warm: T[],
  requests: T[],
  clients: number,
  between: (chunk: T[], at: number) => void,
  peerRoute: HttpRoute = 'bare',
): Promise<PairedFigures> {
  const [server, peer] = await Promise.all([startHttpServer(route, publicKey), startHttpServer(peerRoute, publicKey)]);
  try {
    for (const target of [server, peer]) {
      serializeAll([...warm, ...requests], target);
      await viaHttp<T>(target, clients).batch(warm, new Float64Array(warm.length), 0);
    }
    const times = { route: new Float64Array(requests.length), bare: new Float64Array(requests.length) };
    const totals = { route: { ms: 0, cpu: 0 }, bare: { ms: 0, cpu: 0 } };
    for (let at = 0; at < requests.length; at += TURN) {
      const chunk = requests.slice(at, at + TURN);
      between(chunk, at);
      const order = (at / TURN) % 2 === 0 ? (['route', 'bare'] as const) : (['bare', 'route'] as const);
      for (const which of order) {
        const took = await turn(which === 'route' ? server : peer, chunk, clients, times[which], at);
        totals[which].ms += took.ms;
        totals[which].cpu += took.cpu;
      }
    }
    const stored = await server.stored();
    if (stored !== warm.length + requests.length)
      throw new Error(`http-${route}: ${stored} events stored, expected ${warm.length + requests.length}`);
    return {
      route: figures(requests.length, totals.route.ms, totals.route.cpu, times.route),
      bare: figures(requests.length, totals.bare.ms, totals.bare.cpu, times.bare),
    };
  } finally {
    server.stop();
    peer.stop();
  }
}
