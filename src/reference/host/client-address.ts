/**
 * Who sent a request, for error events' `{{auto}}` address and for the rate limits of callers without a valid
 * token. Without a trusted proxy it is the socket's address, and a client-sent `X-Forwarded-For` or
 * `X-Real-IP` counts for nothing. Behind `hops` trusted proxies, each of which appends the address it received
 * the request from, the client is the entry `hops` from the right of `X-Forwarded-For` followed by the socket's
 * address: entries further left were written by the client and prove nothing. Reference design, as Express's
 * `trust proxy` counts hops.
 */

/** The client's address: `socketAddress` when `hops` is 0, else the address `hops` proxies in front saw. */
export function clientAddress(forwardedFor: string | string[] | undefined, socketAddress: string, hops: number): string {
  if (hops <= 0 || forwardedFor === undefined) return socketAddress;
  const chain = (Array.isArray(forwardedFor) ? forwardedFor.join(',') : forwardedFor)
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  chain.push(socketAddress);
  // Fewer entries than trusted hops: the leftmost is as far as the proxies' word goes.
  return chain[Math.max(0, chain.length - 1 - hops)] as string;
}
