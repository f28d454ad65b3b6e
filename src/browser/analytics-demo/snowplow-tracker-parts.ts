/**
 * The parts of `@snowplow/browser-tracker` the demo uses, re-exported so a dynamic import of this module
 * carries only them.
 */
export { newTracker, setCustomUrl, setReferrerUrl, trackPageView } from '@snowplow/browser-tracker';
