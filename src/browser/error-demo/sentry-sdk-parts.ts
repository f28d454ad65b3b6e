/**
 * The parts of `@sentry/browser` the demo uses. The SDK is loaded with a dynamic import of this module,
 * not of the package: a dynamic import of the whole package keeps all of it (about 450 kB unminified),
 * while named re-exports let the bundler drop the rest.
 */
export {
  BrowserClient,
  captureMessage,
  defaultStackParser,
  globalHandlersIntegration,
  linkedErrorsIntegration,
  makeFetchTransport,
  SDK_VERSION,
  setCurrentClient,
  setUser,
} from '@sentry/browser';
