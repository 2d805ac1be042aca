/**
 * The window messenger both sides run under penpal's `connect` (src/transport/window.ts), over
 * two stand-in windows that deliver like a browser: only to the named target origin, with the
 * sender's window as `source` and its origin as `origin`, the transferred ports in `ports`.
 * The hostile suites attack it; this checks how it shapes the handshake.
 */
import { connect } from 'penpal'
import { afterEach, describe, expect, it } from 'vitest'
import { windowMessenger } from '../src/transport/window.js'

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

/** A host exposing `echo`, leading, and a widget, each on its own messenger; the widget's remote. */
async function connected() {
  const w = windows()
  const host = connect({
    messenger: windowMessenger(w.iframe, [WIDGET], w.panelSelf, true),
    methods: { echo: (x: unknown) => x },
  })
  const widget = connect<{ echo(x: unknown): Promise<unknown> }>({
    messenger: windowMessenger(w.parent, ['https://other.example', PANEL], w.widgetSelf),
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
