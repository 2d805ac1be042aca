// The Chromium launch lives in the dev package, so `platform-widget-dev check` launches the same
// browser as the tests: see demo/engines/chromium.ts.
export * from '../demo/engines/chromium.js'
