import './global.js'
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

window.platform = createPlatform({
  trustedOrigins: [...(own ? [own] : []), ...listed].filter(Boolean),
  ...(timeout ? { handshakeTimeout: timeout } : {}),
})
