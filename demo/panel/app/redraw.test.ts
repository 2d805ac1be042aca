// A page drawn again in another language keeps its widget areas where they are (moving an iframe
// reloads it) and replaces everything else.

import { describe, expect, it } from 'vitest'
import { h } from './dom.js'
import { keep, redrawAround } from './redraw.js'

/** A page like the dashboard: a heading, a lead, and a card holding a widget area. */
function page(words: { title: string; lead: string; card: string }, area: HTMLElement) {
  return h(
    'div',
    { class: 'layout', lang: words.title === 'Dashboard' ? 'en' : 'fa' },
    h('h1', {}, words.title),
    h('p', {}, words.lead),
    h('section', { class: 'card' }, h('h2', {}, words.card), area),
  )
}

const FA = { title: 'داشبورد', lead: 'خوش آمدید', card: 'ویجت' }
const EN = { title: 'Dashboard', lead: 'Welcome', card: 'Widget' }

describe('redrawAround', () => {
  it('replaces the words and keeps the widget area, its frame and its place', () => {
    const area = h('div', { class: 'widget-area' }, h('iframe', { src: 'about:blank' }))
    keep(area)
    const layout = page(FA, area)
    document.body.replaceChildren(layout)
    const frame = area.querySelector('iframe')
    const heading = layout.querySelector('h1')

    redrawAround(layout, page(EN, h('div', { class: 'widget-area' })))

    expect(document.body.firstElementChild).toBe(layout)
    expect(layout.getAttribute('lang')).toBe('en')
    expect(layout.querySelector('h1')?.textContent).toBe('Dashboard')
    expect(layout.querySelector('h1')).not.toBe(heading)
    expect(layout.querySelector('h2')?.textContent).toBe('Widget')
    expect(layout.querySelector('.widget-area')).toBe(area)
    expect(area.querySelector('iframe')).toBe(frame)
    expect(layout.querySelectorAll('.widget-area')).toHaveLength(1)
    expect(area.parentElement?.lastElementChild).toBe(area)
  })

  it('replaces a part that holds no kept area whole', () => {
    const layout = page(FA, h('div'))
    document.body.replaceChildren(layout)
    const fresh = page(EN, h('div'))
    redrawAround(layout, fresh)
    expect(document.body.firstElementChild).toBe(fresh)
    expect(document.body.textContent).toContain('Welcome')
  })
})
