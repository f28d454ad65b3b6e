/**
 * The code the error demo breaks on purpose. Its function is a method of an object so its name survives
 * minification: the stack trace and the error's culprit then read `Object.checkout`, not a one-letter name.
 */

/** Error types the reader can pick; each groups as its own error (grouping is type + culprit + platform). */
export const ERROR_TYPES = { TypeError, RangeError, Error } as const;
/** An error type's name. */
export type ErrorTypeName = keyof typeof ERROR_TYPES;

/** Whether `name` is one of {@link ERROR_TYPES}. */
export const isErrorTypeName = (name: string): name is ErrorTypeName => Object.hasOwn(ERROR_TYPES, name);

/** A shop whose checkout fails. */
export const demoShop = {
  /** Throws the chosen error; the page does not catch it, so the SDK's global handler reports it. */
  checkout(type: ErrorTypeName, message: string): never {
    throw new ERROR_TYPES[type](message);
  },
};
