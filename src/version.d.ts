/** The package version, from package.json: vite's `define` puts it in at build and test time. */
declare const __PLATFORM_SDK_VERSION__: string
