// The doctor panel's frame around every page: the sidebar, the header, a card, and the page a
// route that leads nowhere shows.

import type { DoctorPanel } from './doctor-data.js'
import { h, icon } from './dom.js'
import type { Strings } from './i18n.js'
import { fullName, languageSwitch, localize, logo, userChip } from './shell.js'

export function sidebar(panel: DoctorPanel, t: Strings): HTMLElement {
  const link = (href: string, label: string, name: Parameters<typeof icon>[0]) =>
    h(
      'a',
      { href, class: 'nav-link', 'aria-current': panel.route === href ? 'page' : undefined },
      icon(name),
      h('span', {}, label),
    )
  // On a narrow screen the sidebar collapses to a bar; this button opens its links (panel.css).
  const menu = h(
    'button',
    {
      type: 'button',
      class: 'icon-button menu-button',
      'aria-expanded': 'false',
      'aria-controls': 'panel-nav',
    },
    icon('menu'),
    h('span', { class: 'sr-only' }, t.menu),
  )
  const aside = h(
    'aside',
    { class: 'sidebar' },
    h(
      'div',
      { class: 'sidebar-inner' },
      h('div', { class: 'sidebar-bar' }, logo(t.doctorPanel), menu),
      h(
        'nav',
        { 'aria-label': t.doctorPanel, id: 'panel-nav' },
        link('/panel', t.nav.dashboard, 'home'),
        link('/panel/appointments', t.nav.appointments, 'calendar'),
        link('/panel/patients', t.nav.patients, 'users'),
        link('/panel/settings', t.nav.settings, 'settings'),
        h('p', { class: 'nav-title' }, t.nav.widgets),
        ...panel.widgets.map((w) =>
          link(
            `/panel/apps/${encodeURIComponent(w.app_key)}`,
            localize(w.name, panel.locale),
            'puzzle',
          ),
        ),
        h('p', { class: 'nav-title' }, t.nav.demo),
        link('/booking', t.nav.booking, 'calendar'),
        link('/profile', t.nav.profile, 'users'),
      ),
    ),
  )
  menu.addEventListener('click', () => {
    const open = menu.getAttribute('aria-expanded') !== 'true'
    menu.setAttribute('aria-expanded', String(open))
    aside.toggleAttribute('data-open', open)
  })
  return aside
}

export function topbar(panel: DoctorPanel, t: Strings, title: string): HTMLElement {
  return h(
    'header',
    // Named: each widget frame has a banner of its own, and axe wants landmarks told apart.
    { class: 'topbar', 'aria-label': t.doctorPanel },
    h('h1', {}, title),
    h(
      'div',
      { class: 'topbar-end' },
      h(
        'button',
        { type: 'button', class: 'icon-button', 'aria-label': t.notifications },
        icon('bell'),
      ),
      languageSwitch(panel.locale, panel.switchLocale),
      userChip(fullName(panel.doctor, panel.locale), panel.doctor.profile?.expertise ?? ''),
    ),
  )
}

export function card(title: string | null, ...children: (Node | string)[]): HTMLElement {
  return h('section', { class: 'card' }, title ? h('h2', {}, title) : null, ...children)
}

export function missingPage(t: Strings): Node[] {
  return [
    card(
      t.notFound,
      h('p', {}, t.notFoundLead),
      h('a', { class: 'button', href: '/panel' }, t.backHome),
    ),
  ]
}
