/** The package version, from package.json: vite's `define` puts it in at build and test time. */
declare const __PLATFORM_SDK_VERSION__: string
/** True in the script build (platform.js), false elsewhere: vite's `define` sets it. */
declare const __PLATFORM_SCRIPT__: boolean
