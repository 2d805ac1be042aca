// The engine drivers live in the dev package (demo/engines), where `platform-widget-dev check`
// uses them too: one driver per engine. The journeys import them from here.
export * from '../../demo/engines/driver.js'
export * from '../../demo/engines/firefox.js'
export * from '../../demo/engines/webkit.js'
