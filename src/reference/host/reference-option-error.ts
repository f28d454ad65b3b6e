/**
 * Raised for options that cannot work, such as a data directory that is a file or a port in use: the
 * command prints its message, one line naming what and what to do, and exits 2.
 */
export class ReferenceOptionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ReferenceOptionError';
  }
}
