import { describe, expect, it } from 'vitest'
import { createHost } from '../src/host/index.js'
import { createMemoryBackend } from '../src/testing/index.js'

const make =
  (url: string, panelOrigin = 'https://panel.example') =>
  () =>
    createHost({
      context: 'doctor-panel',
      panelOrigin,
      backend: createMemoryBackend(),
      widgets: [{ app_key: 'w', url, name: 'W', scopes: [] }],
    }).destroy()

describe('the widget registry', () => {
  it.each([
    ['a widget on the panel origin', 'https://panel.example/widgets/w', 'url'],
    ['plain http off this machine', 'http://widget.example/', 'url'],
    ['plain http on a name that only ends like localhost', 'http://evil-localhost.example/', 'url'],
    ['plain http on localhost.example', 'http://localhost.example/', 'url'],
    ['a javascript: URL', 'javascript:alert(1)', 'url'],
    ['a relative URL', '/widgets/w', 'url'],
  ])('refuses %s', (_, url, field) => {
    expect(make(url)).toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENT', field }))
  })

  it.each([
    'https://widget.example/app',
    'http://localhost:5173/',
    'http://127.0.0.1:8080/w',
    'http://[::1]:8080/w',
    // *.localhost is loopback too (RFC 6761; browsers resolve it so): one origin per local widget.
    'http://my-widget.localhost:5173/',
  ])('accepts %s', (url) => {
    expect(make(url)).not.toThrow()
  })

  it.each(['https://panel.example/panel', 'https://panel.example?x=1', 'not a url'])(
    'refuses the panelOrigin %s',
    (panelOrigin) => {
      expect(make('https://widget.example/', panelOrigin)).toThrow(
        expect.objectContaining({ code: 'INVALID_ARGUMENT', field: 'panelOrigin' }),
      )
    },
  )
})
