import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import config from '../../vite.config.js'
import { VERSION } from './index.js'

const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'))

describe('VERSION', () => {
  it('is the version in package.json', () => {
    expect(VERSION).toBe(pkg.version)
  })

  it.each(['production', 'script'])(
    'comes from package.json in the %s build, not a literal',
    (mode) => {
      const resolved = typeof config === 'function' ? config({ mode, command: 'build' }) : config
      expect((resolved as { define?: Record<string, string> }).define).toEqual({
        __PLATFORM_SDK_VERSION__: JSON.stringify(pkg.version),
        // Only the script build leaves the top-level code out (it loads platform-top.js).
        __PLATFORM_SCRIPT__: JSON.stringify(mode === 'script'),
      })
    },
  )
})
