// The host's options against the test kit's: what switches a defence off is createDevHost's only.
import { describe, expectTypeOf, it } from 'vitest'
import { createHost, type HostOptions } from '../host/index.js'
import { createDevHost, createMemoryBackend, type DevHostOptions } from './index.js'

const base = {
  context: 'doctor-panel',
  widgets: [],
  backend: createMemoryBackend(),
} satisfies HostOptions

describe('the options that switch a defence off', () => {
  it('are not createHost options', () => {
    // @ts-expect-error intentDelay is not a production option: createDevHost in ./testing takes it
    createHost({ ...base, intentDelay: 0 })
    // @ts-expect-error limits is not a production option either
    createHost({ ...base, limits: { dismissals: 1e9 } })
    expectTypeOf<HostOptions>().not.toHaveProperty('intentDelay')
    expectTypeOf<HostOptions>().not.toHaveProperty('limits')
  })

  it('are createDevHost options, in the test kit', () => {
    createDevHost({ ...base, intentDelay: 0, limits: { dismissals: 1e9 } })
    expectTypeOf<DevHostOptions>().toHaveProperty('intentDelay')
  })
})

describe('test seams ship from ./testing, not ./host', () => {
  it('has the memory backend in ./testing only', () => {
    expectTypeOf<typeof import('../host/index.js')>().not.toHaveProperty('createMemoryBackend')
    expectTypeOf<typeof import('./index.js')>().toHaveProperty('createMemoryBackend')
    expectTypeOf(createMemoryBackend()).toMatchTypeOf<HostOptions['backend']>()
  })
})
