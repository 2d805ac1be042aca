/**
 * Which site a link really goes to, for the `openLink` dialog: the registrable domain (the
 * public suffix and one label before it, `evil.example` of `accounts.google.com.x.evil.example`),
 * which a look-alike prefix cannot change, and a long host shortened from the left.
 *
 * Public suffixes of more than one label are a small hand-kept table, not the public suffix
 * list: the list's library (tldts) is about 47 KB gzip, twice the whole host, which every panel
 * page loads. The table holds the second-level suffixes of the countries a panel's doctors are
 * likely to meet, and the hosting services where anyone can get a subdomain (a phishing page on
 * `x.github.io` must show `x.github.io`, not `github.io`). A suffix it lacks shows one label
 * too few (`co.xx` for `shop.co.xx`): still the right end of the host, never a label the link's
 * author chose to the left of the real site.
 */
const SUFFIXES = new Set(
  [
    // Iran and its neighbours
    'ac.ir co.ir gov.ir id.ir net.ir org.ir sch.ir',
    'com.af org.af com.iq com.pk com.tr net.tr org.tr gov.tr edu.tr com.sa',
    'ac.ae co.ae gov.ae net.ae org.ae com.eg',
    // Elsewhere
    'ac.uk co.uk gov.uk ltd.uk me.uk net.uk nhs.uk org.uk plc.uk sch.uk',
    'com.au net.au org.au edu.au gov.au co.nz net.nz org.nz ac.nz govt.nz',
    'co.jp ne.jp or.jp ac.jp go.jp co.kr or.kr ac.kr go.kr',
    'com.cn net.cn org.cn gov.cn edu.cn com.hk com.tw com.sg com.my co.id co.th',
    'co.in net.in org.in gov.in ac.in firm.in gen.in ind.in co.il org.il ac.il',
    'com.br net.br org.br gov.br com.ar com.mx co.za com.ua com.pl com.es',
    // Hosting where anyone gets a subdomain (the list's private section)
    'github.io gitlab.io blogspot.com wordpress.com wixsite.com weebly.com myshopify.com',
    'herokuapp.com netlify.app vercel.app pages.dev workers.dev web.app firebaseapp.com',
    'appspot.com azurewebsites.net azurestaticapps.net cloudfront.net s3.amazonaws.com',
    'glitch.me ngrok.io ngrok-free.app onrender.com fly.dev repl.co surge.sh translate.goog',
  ]
    .join(' ')
    .split(' '),
)

/** An IPv4 address, or an IPv6 one as a URL writes it (`[::1]`). */
const IP = /^(\[[0-9a-f:.]+\]|\d{1,3}(\.\d{1,3}){3})$/

/**
 * The registrable domain of a URL's `host` name (lower case, as `URL` gives it; punycode for a
 * non-ASCII name): the longest suffix in the table, else the last label, and one label more. An
 * IP address, a one-label name (`localhost`) or a suffix itself is returned whole.
 *
 * @example
 * registrableDomain('accounts.google.com.evil.example') // 'evil.example'
 * registrableDomain('www.nhs.co.uk') // 'nhs.co.uk'
 */
export function registrableDomain(host: string): string {
  const name = host.toLowerCase().replace(/\.$/, '')
  if (IP.test(name)) return name
  const labels = name.split('.')
  const suffix = [3, 2].find((n) => SUFFIXES.has(labels.slice(-n).join('.'))) ?? 1
  return labels.length <= suffix ? name : labels.slice(-(suffix + 1)).join('.')
}

/** Hosts longer than this many characters are shortened from the left in the dialog. */
export const HOST_SHOWN = 48

/**
 * `host` as the dialog shows it: whole when short; otherwise its right end, whole labels up to
 * {@link HOST_SHOWN} characters with `domain` always whole, after `…`. The left is where a
 * look-alike (`accounts.google.com.`) goes, and the right is what decides the site.
 *
 * @example
 * shortHost(`accounts.google.com.${'a'.repeat(60)}.evil.example`, 'evil.example') // '….evil.example'
 */
export function shortHost(host: string, domain: string): string {
  if (host.length <= HOST_SHOWN || !host.endsWith(domain)) return host
  let shown = domain
  const left = host.slice(0, -domain.length).replace(/\.$/, '').split('.')
  for (const label of left.reverse()) {
    if (shown.length + label.length + 2 > HOST_SHOWN) break
    shown = `${label}.${shown}`
  }
  return `….${shown}`
}
