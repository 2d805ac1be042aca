/**
 * The window messenger both sides run under penpal's `connect` (src/transport/window.ts), over
 * two stand-in windows that deliver like a browser: only to the named target origin, with the
 * sender's window as `source` and its origin as `origin`, the transferred ports in `ports`.
 * The hostile suites attack it; this checks how it shapes the handshake.
 */
import { connect } from 'penpal'
import { afterEach, describe, expect, it } from 'vitest'
import { createHost } from '../src/host/index.js'
import { createPlatform } from '../src/sdk/index.js'
import { createMemoryBackend } from '../src/testing/index.js'
import { windowMessenger } from '../src/transport/window.js'
import { tapped } from './support/index.js'

const PANEL = 'https://panel.example'
const WIDGET = 'https://widget.example'

interface Posted {
  from: 'panel' | 'widget'
  type: string
  ports: number
}

function windows() {
  const posted: Posted[] = []
  const panelSelf = new EventTarget() as Window
  const widgetSelf = new EventTarget() as Window
  const post =
    (from: 'panel' | 'widget', to: Window, origin: string, source: () => Window) =>
    (data: { type: string }, target: string, transfer: MessagePort[] = []) => {
      posted.push({ from, type: data.type, ports: transfer.length })
      if (target !== (from === 'panel' ? WIDGET : PANEL)) return
      const event = new MessageEvent('message', {
        data: structuredClone(data),
        origin,
        source: source(),
        ports: transfer,
      })
      setTimeout(() => to.dispatchEvent(event))
    }
  const iframe = {} as Window
  const parent = {} as Window
  Object.assign(iframe, { postMessage: post('panel', widgetSelf, PANEL, () => parent) })
  Object.assign(parent, { postMessage: post('widget', panelSelf, WIDGET, () => iframe) })
  return { posted, panelSelf, widgetSelf, iframe, parent }
}

const cleanups: (() => void)[] = []
afterEach(() => {
  for (const fn of cleanups.splice(0)) fn()
})

/**
 * A host exposing `echo`, leading, and a widget, each on its own messenger; the widget's remote.
 * As in a browser, the widget page is not there yet when the host connects: the host's opening
 * SYN is lost, and the widget's own SYN starts the handshake.
 */
async function connected() {
  const w = windows()
  const host = connect({
    messenger: windowMessenger({
      remote: () => w.iframe,
      origins: [WIDGET],
      self: w.panelSelf,
      lead: true,
    }),
    methods: { echo: (x: unknown) => x },
  })
  await new Promise((resolve) => setTimeout(resolve))
  const widget = connect<{ echo(x: unknown): Promise<unknown> }>({
    messenger: windowMessenger({
      remote: () => w.parent,
      origins: ['https://other.example', PANEL],
      self: w.widgetSelf,
    }),
  })
  cleanups.push(host.destroy, widget.destroy)
  return { ...w, remote: await widget.promise }
}

describe('the window messenger', () => {
  it('lets the host lead every handshake, whatever penpal’s random ids: only the host sends ACK1', async () => {
    for (let i = 0; i < 10; i++) {
      const { posted, remote } = await connected()
      expect(await remote.echo(i)).toBe(i)
      expect(posted.filter((p) => p.type === 'ACK1')).toEqual([
        { from: 'panel', type: 'ACK1', ports: 1 },
      ])
    }
  })

  it('sends only SYN and ACK1 (with the port) through the window; ACK2 and calls take the port', async () => {
    const { posted, remote } = await connected()
    await remote.echo('through the port')
    expect(new Set(posted.map((p) => p.type))).toEqual(new Set(['SYN', 'ACK1']))
    // The widget offers its SYN to each trusted origin until the host answers, then to the host's.
    const widgetSyns = posted.filter((p) => p.from === 'widget')
    expect(widgetSyns.slice(0, 2).map((p) => p.type)).toEqual(['SYN', 'SYN'])
  })
})

/**
 * The host mounts a frame before the widget's page is in it: whatever it posts then reaches the
 * frame's initial about:blank, and the browser logs an origin mismatch in the panel's console.
 * Its first connection posts nothing until the widget's SYN; a connection it restarts
 * after the widget's DESTROY posts its SYN, which a widget whose own SYN was lost needs.
 */
describe('a quiet console: the host posts nothing before the widget has spoken', () => {
  function hostAndWidget() {
    const w = windows()
    const host = createHost({
      context: 'booking-flow',
      locale: 'en',
      panelOrigin: PANEL,
      backend: createMemoryBackend(),
      widgets: [{ app_key: 'demo', url: `${WIDGET}/app`, name: 'Demo', scopes: [] }],
    })
    // As host.mount does: the first connection quiet, the restarts not.
    let connections = 0
    host.connect('demo', (greeting) =>
      windowMessenger({
        remote: () => w.iframe,
        origins: [WIDGET],
        self: w.panelSelf,
        lead: true,
        greeting,
        quiet: !connections++,
      }),
    )
    const win = Object.assign(w.widgetSelf, {
      parent: w.parent,
      location: { ancestorOrigins: [PANEL] },
      document,
    }) as unknown as Window
    const widget = () => createPlatform({ trustedOrigins: [PANEL], window: win })
    cleanups.push(host.destroy)
    return { ...w, widget }
  }

  it('mounting posts nothing; the widget’s SYN gets ACK1 alone, and initialize resolves', async () => {
    const { posted, widget } = hostAndWidget()
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(posted).toEqual([])
    const platform = widget()
    cleanups.push(platform.destroy)
    await expect(platform.initialize({ app_key: 'demo' })).resolves.toMatchObject({
      app_key: 'demo',
    })
    expect(posted.filter((p) => p.from === 'panel').map((p) => p.type)).toEqual(['ACK1'])
  })

  it('after the widget’s DESTROY the host posts its SYN, and the next page connects', async () => {
    const { posted, widget } = hostAndWidget()
    const first = widget()
    await first.initialize({ app_key: 'demo' })
    const before = posted.length
    first.destroy() // DESTROY through the port: the host restarts its side
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(posted.slice(before)).toEqual([{ from: 'panel', type: 'SYN', ports: 0 }])
    const next = widget()
    cleanups.push(next.destroy)
    await expect(next.initialize({ app_key: 'demo' })).resolves.toMatchObject({ app_key: 'demo' })
  })

  it('a quiet leader alone: no SYN before the remote’s, then ACK1 with the port', async () => {
    const w = windows()
    const host = connect({
      messenger: windowMessenger({
        remote: () => w.iframe,
        origins: [WIDGET],
        self: w.panelSelf,
        lead: true,
        quiet: true,
      }),
      methods: { echo: (x: unknown) => x },
    })
    await new Promise((resolve) => setTimeout(resolve))
    expect(w.posted).toEqual([])
    const widget = connect<{ echo(x: unknown): Promise<unknown> }>({
      messenger: windowMessenger({ remote: () => w.parent, origins: [PANEL], self: w.widgetSelf }),
    })
    cleanups.push(host.destroy, widget.destroy)
    expect(await (await widget.promise).echo(1)).toBe(1)
    expect(w.posted.filter((p) => p.from === 'panel')).toEqual([
      { from: 'panel', type: 'ACK1', ports: 1 },
    ])
  })
})

/**
 * The real SDK and host over the window messengers: the host's `ACK1` carries what `initialize`
 * answers (its greeting), so `initialize` costs the widget no round trip of its own.
 */
describe('initialize, folded into the handshake', () => {
  async function sdkAndHost(rewrite = (greeting: unknown) => greeting) {
    const w = windows()
    const calls: string[] = []
    const host = createHost({
      context: 'booking-flow',
      locale: 'en',
      panelOrigin: PANEL,
      backend: createMemoryBackend(),
      widgets: [{ app_key: 'demo', url: `${WIDGET}/app`, name: 'Demo', scopes: [] }],
    })
    const session = host.connect('demo', (greeting) =>
      tapped(
        windowMessenger({
          remote: () => w.iframe,
          origins: [WIDGET],
          self: w.panelSelf,
          lead: true,
          greeting: () => rewrite(greeting()),
        }),
        (message) => {
          // The SDK's own size report, sent as it initializes, is not one of the widget's calls.
          if (message.type === 'CALL' && message.methodPath[0] !== 'resize')
            calls.push(message.methodPath.join('.'))
        },
      ),
    )
    // The host's opening SYN is lost, as in a browser: the widget page is not there yet.
    await new Promise((resolve) => setTimeout(resolve))
    const win = Object.assign(w.widgetSelf, {
      parent: w.parent,
      location: { ancestorOrigins: [PANEL] },
      document,
    }) as unknown as Window
    const platform = createPlatform({ trustedOrigins: [PANEL], window: win })
    cleanups.push(platform.destroy, host.destroy)
    return { host, session, platform, calls }
  }

  it('resolves from the greeting: no initialize call crosses the bridge', async () => {
    const { platform, session, calls } = await sdkAndHost()
    await expect(platform.initialize({ app_key: 'demo' })).resolves.toEqual({
      app_key: 'demo',
      context: 'booking-flow',
      locale: 'en',
      dir: 'ltr',
      colorScheme: 'light',
      panelOrigin: PANEL,
      dev: false,
      embedded: true,
    })
    expect(calls).toEqual([])
    expect(session.initialized).toBe(true)
    // The bridge works after it: the next call is the first to cross.
    await expect(platform.redirect.dispatch({ path: '/x' })).resolves.toBeUndefined()
    expect(calls).toEqual(['redirect'])
  })

  it('asks the host for another app_key, which refuses it with APP_KEY_MISMATCH', async () => {
    const { platform, calls } = await sdkAndHost()
    await expect(platform.initialize({ app_key: 'other' })).rejects.toMatchObject({
      code: 'APP_KEY_MISMATCH',
    })
    expect(calls).toEqual(['initialize'])
  })

  it.each<[string, (g: unknown) => unknown]>([
    ['only for another protocol version', (g) => ({ 2: (g as Record<number, unknown>)[1] })],
    ['absent (an older host)', () => undefined],
  ])('calls initialize when the greeting is %s', async (_, rewrite) => {
    const { platform, calls } = await sdkAndHost(rewrite)
    await expect(platform.initialize({ app_key: 'demo' })).resolves.toMatchObject({
      app_key: 'demo',
    })
    expect(calls).toEqual(['initialize'])
  })

  it('reads the locale as it greets: a widget that connects after a change sees it', async () => {
    const first = await sdkAndHost()
    first.host.locale = 'fa'
    expect(await first.platform.initialize({ app_key: 'demo' })).toMatchObject({ locale: 'fa' })
  })
})
