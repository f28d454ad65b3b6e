// Apart from the schema in release.ts so release arithmetic (and the CLI's start-up) loads no zod.

/** The shape of a release number: `major.minor`, both whole numbers without leading zeros. */
export const RELEASE_PATTERN = /^(0|[1-9]\d*)\.(0|[1-9]\d*)$/;
