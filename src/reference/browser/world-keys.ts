/** State keys the browser host keeps beside the modules' own. */
export const WORLD_KEYS = {
  /** The release the reference answers as when a request picks none. */
  release: 'browser/release',
  /**
   * When the sample was seeded (ms); the sample's events are regenerated from it on every start. `null` for a
   * world started without the sample.
   */
  sampleEnd: 'browser/sample-end',
} as const;
