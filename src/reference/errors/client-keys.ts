/**
 * Client keys (spec endpoints 2–4). A key is the secret in a DSN; SDKs send its public part with every
 * event. Deleting a key takes effect at once: the next request that carries it is refused.
 */

/** One client key of a project. */
export interface ClientKey {
  /** The key identifier (`<key_id>` in the spec), unique across projects. */
  id: number;
  projectId: number;
  /** Whether the key is accepted. Keys are created active; the reference has no way to pause one. */
  active: boolean;
  /** The public key SDKs send: 32 lower-case hex digits, which every SDK's DSN parser accepts. */
  publicKey: string;
}

/** The key register, shared by the key endpoints and ingestion. */
export interface ClientKeyStore {
  /** Creates an active key for a project. */
  create(projectId: number): ClientKey;
  /** The project's keys, oldest first. */
  list(projectId: number): ClientKey[];
  /** Deletes a key of the project; false when the project has no key with that id. */
  remove(projectId: number, keyId: number): boolean;
  /** Finds an active key by its public part. */
  findByPublicKey(publicKey: string): ClientKey | undefined;
  /** Adds a key with a known public part (sample data, restored state). */
  add(key: ClientKey): void;
  /** Every key, for snapshots. */
  all(): ClientKey[];
}

/** 32 random lower-case hex digits from the platform's cryptographic random source. */
export function randomPublicKey(): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Where a key register keeps its keys; each call keeps one change or throws, keeping nothing. */
export interface ClientKeyPersistence {
  kept(key: ClientKey): void;
  removed(key: ClientKey): void;
}

/**
 * Creates a key register holding `initial`. `newPublicKey` is injectable so tests can name keys;
 * `persist` keeps each change before the register changes, so a change it refuses leaves no trace.
 * `lastGiven` is the highest id ever given (deleted keys included), so ids are never reused.
 */
export function createClientKeyStore(
  newPublicKey: () => string = randomPublicKey,
  initial: ClientKey[] = [],
  persist: ClientKeyPersistence = { kept: () => {}, removed: () => {} },
  lastGiven = 0,
): ClientKeyStore {
  const byId = new Map<number, ClientKey>();
  const byPublicKey = new Map<string, ClientKey>();
  let lastId = lastGiven;

  const put = (key: ClientKey) => {
    byId.set(key.id, key);
    byPublicKey.set(key.publicKey, key);
    lastId = Math.max(lastId, key.id);
  };
  const add = (key: ClientKey) => {
    persist.kept(key);
    put(key);
  };
  for (const key of initial) put(key);

  return {
    create(projectId) {
      let publicKey = newPublicKey();
      while (byPublicKey.has(publicKey)) publicKey = newPublicKey();
      const key: ClientKey = { id: lastId + 1, projectId, active: true, publicKey };
      add(key);
      return key;
    },
    list: (projectId) => [...byId.values()].filter((key) => key.projectId === projectId),
    remove(projectId, keyId) {
      const key = byId.get(keyId);
      if (!key || key.projectId !== projectId) return false;
      persist.removed(key);
      byId.delete(keyId);
      byPublicKey.delete(key.publicKey);
      return true;
    },
    findByPublicKey(publicKey) {
      const key = byPublicKey.get(publicKey);
      return key?.active ? key : undefined;
    },
    add,
    all: () => [...byId.values()],
  };
}
