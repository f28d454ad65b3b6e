/**
 * Node's built-in `node:sqlite`, loaded on demand (no dependency). Node 22 prints an `ExperimentalWarning`
 * when the module loads; a server's users cannot act on it, so that one warning is dropped while it loads
 * and every other warning is printed as usual.
 */

/** The part of a `node:sqlite` statement the data directory uses. */
export interface Statement {
  run(...values: unknown[]): unknown;
  all(...values: unknown[]): unknown[];
  get(...values: unknown[]): unknown;
}

/** The part of `node:sqlite`'s `DatabaseSync` the data directory uses. */
export interface Database {
  exec(sql: string): void;
  prepare(sql: string): Statement;
  close(): void;
}

/** The `DatabaseSync` constructor. */
export type DatabaseConstructor = new (file: string) => Database;

const isSqliteNotice = (warning: unknown, rest: unknown[]): boolean => {
  const options = rest[0];
  const type = typeof options === 'string' ? options : (options as { type?: unknown } | undefined)?.type;
  const text = warning instanceof Error ? warning.message : String(warning);
  return (
    (type === 'ExperimentalWarning' || (warning instanceof Error && warning.name === 'ExperimentalWarning')) &&
    /SQLite/i.test(text)
  );
};

/** Runs `load` with SQLite's experimental notice dropped; every other warning is emitted as usual. */
export async function withoutSqliteNotice<T>(load: () => Promise<T>): Promise<T> {
  const emitWarning = process.emitWarning;
  process.emitWarning = function (this: NodeJS.Process, warning: string | Error, ...rest: unknown[]) {
    if (isSqliteNotice(warning, rest)) return;
    return (emitWarning as (...args: unknown[]) => void).call(this, warning, ...rest);
  } as typeof process.emitWarning;
  try {
    return await load();
  } finally {
    process.emitWarning = emitWarning;
  }
}

/** Loads `DatabaseSync`, or throws an error that says which Node provides it. */
export async function loadSqlite(): Promise<DatabaseConstructor> {
  try {
    const module = (await withoutSqliteNotice(() => import('node:sqlite'))) as unknown as { DatabaseSync: DatabaseConstructor };
    return module.DatabaseSync;
  } catch (error) {
    throw new Error(
      `--data-dir needs Node's built-in node:sqlite, which this Node (${process.version}) does not provide without a flag; ` +
        `use Node 22.13 or later, or start Node 22.12 with --experimental-sqlite (${(error as Error).message})`,
    );
  }
}
