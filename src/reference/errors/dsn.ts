/**
 * The DSN (client key string) SDKs are configured with:
 * `{scheme}://{public_key}@{host}/api/v4/error_tracking/collector/{project_id}`. SDKs derive the store
 * and envelope addresses from it by inserting `/api/{project_id}/…` after the path prefix.
 */
import { canonicalId } from '../platform/canonical-id.ts';

/** The path prefix every DSN carries before the project id. */
export const DSN_PATH_PREFIX = '/api/v4/error_tracking/collector';

/**
 * Builds the DSN for a key from the address the request came in on (scheme, host and port), so the
 * DSN works unchanged wherever the reference implementation is served.
 */
export function buildDsn(requestUrl: string | URL, publicKey: string, projectId: number): string {
  const url = new URL(requestUrl);
  return `${url.protocol}//${publicKey}@${url.host}${DSN_PATH_PREFIX}/${projectId}`;
}

/** What a DSN names: the key and the project. */
export interface DsnParts {
  publicKey: string;
  projectId: number;
}

const DSN_SHAPE = /^[a-z][a-z\d+.-]*:\/\/([^:@/]+)(?::[^@/]*)?@[^/?#]+\/(?:[^?#]*\/)?(\d+)\/?$/i;

/** Reads a DSN string; undefined when it is not one (no key, or no numeric project id at the end). */
export function parseDsn(dsn: string): DsnParts | undefined {
  // A pattern rather than `new URL`: envelopes may carry a DSN each, and this runs per request.
  const match = DSN_SHAPE.exec(dsn);
  const projectId = canonicalId(match?.[2]);
  if (!match?.[1] || projectId === undefined) return undefined;
  try {
    return { publicKey: decodeURIComponent(match[1]), projectId };
  } catch {
    return undefined;
  }
}
