/**
 * The calls the error demo makes, all against project 1 (demo-app) of the demo world. Reading uses the
 * read-only token (`read_api` is enough); keys and issues need scope `api`, so they use the Maintainer's.
 */

import { DEMO_PROJECT_ID, DEMO_TOKEN } from '../../site/demo-world.ts';
import { callApi, type Exchange } from '../call-api.ts';

/** A Maintainer with scope `api`: client keys (endpoints 2–4) and issues. */
const MAINTAINER_TOKEN = DEMO_TOKEN.maintainer;
/** A Maintainer with scope `read_api`: enough to read errors. */
const READ_TOKEN = DEMO_TOKEN.read;

const keysPath = `/api/v4/projects/${DEMO_PROJECT_ID}/error_tracking/client_keys`;
const errorsPath = `/api/v4/projects/${DEMO_PROJECT_ID}/error_tracking/errors`;

/** A client key as endpoints 2–4 answer it. */
export interface ClientKeyBody {
  id: number;
  active: boolean;
  public_key: string;
  sentry_dsn: string;
}

/** Spec endpoint 2: creates a client key. */
export const createKey = (): Promise<Exchange> =>
  callApi({ method: 'POST', path: keysPath, headers: { 'PRIVATE-TOKEN': MAINTAINER_TOKEN } });

/** Spec endpoint 3: lists the project's keys. */
export const listKeys = (): Promise<Exchange> =>
  callApi({ method: 'GET', path: keysPath, headers: { 'PRIVATE-TOKEN': MAINTAINER_TOKEN } });

/** Spec endpoint 4: deletes a key. */
export const deleteKey = (keyId: number): Promise<Exchange> =>
  callApi({ method: 'DELETE', path: `${keysPath}/${keyId}`, headers: { 'PRIVATE-TOKEN': MAINTAINER_TOKEN } });

/** The errors list: open errors, sorted and searched. */
export function listErrors(sort: string, search: string): Promise<Exchange> {
  const query = new URLSearchParams({ sort });
  if (search.trim() !== '') query.set('search', search.trim());
  return callApi({ method: 'GET', path: `${errorsPath}?${query}`, headers: { 'PRIVATE-TOKEN': READ_TOKEN } });
}

/** One error's details. */
export const errorDetails = (errorId: number): Promise<Exchange> =>
  callApi({ method: 'GET', path: `${errorsPath}/${errorId}`, headers: { 'PRIVATE-TOKEN': READ_TOKEN } });

/** Creates (or returns) the issue of an error. */
export const createIssue = (errorId: number): Promise<Exchange> =>
  callApi({ method: 'POST', path: `${errorsPath}/${errorId}/issue`, headers: { 'PRIVATE-TOKEN': MAINTAINER_TOKEN } });

/** Whether a value looks like a client key body. */
export function isClientKey(value: unknown): value is ClientKeyBody {
  const key = value as Partial<ClientKeyBody> | null;
  return typeof key?.id === 'number' && typeof key.public_key === 'string' && typeof key.sentry_dsn === 'string';
}
