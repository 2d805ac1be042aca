import './global.js'
import { lazyPlatform } from './lazy.js'
import { createPlatform } from './platform.js'

/**
 * The `<script>` entry: installs `window.platform` and nothing else.
 * Trusted panel origins: the origin this script was served from (the platform serves it), plus
 * any listed, space-separated, in the tag's `data-trusted-origins`.
 */
const script = document.currentScript as HTMLScriptElement | null
const own = script?.src ? new URL(script.src, location.href).origin : undefined
const listed = script?.dataset.trustedOrigins?.split(/\s+/) ?? []
const timeout = Number(script?.dataset.handshakeTimeout) || undefined

// A top-level page (a widget's own start page, outside the panel) gets the calls that work
// there from platform-top.js, loaded beside this script on first use; a widget in a panel never
// loads it.
window.platform =
  window.parent === window && script?.src
    ? lazyPlatform(new URL('platform-top.js', script.src).href, { signInUrl: `${own}/signin` })
    : createPlatform({
        trustedOrigins: [...(own ? [own] : []), ...listed].filter(Boolean),
        ...(timeout ? { handshakeTimeout: timeout } : {}),
      })
