// Test support for the unit suites: one place, one shape per helper.
export * from './dialogs.js'
export * from './hostile.js'
export * from './messengers.js'
export * from './operations.js'
export * from './rig.js'
export * from './wait.js'
export * from './widgets.js'
