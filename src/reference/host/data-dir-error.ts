/** A data directory that cannot be used at start; the message is one line naming the path and what to do. */
export class DataDirError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DataDirError';
  }
}
