import { describe, expect, it } from 'vitest'
import { platformScripts, probePage } from './page-probe.js'

describe('page probe', () => {
  it.each([
    ['<script src="/platform.js"></script>', ['http://localhost:5173/platform.js']],
    [
      "<SCRIPT defer src='http://127.0.0.1:4400/platform.js'>",
      ['http://127.0.0.1:4400/platform.js'],
    ],
    ['<script src=http://x.test/a/platform.js>', ['http://x.test/a/platform.js']],
    ['<script src="/main.js"></script><script>platform.js</script>', []],
    ['<p>none</p>', []],
  ])('finds the platform.js script tags of %s', (page, found) => {
    expect(platformScripts(page, 'http://localhost:5173/')).toEqual(found)
  })

  it('says a page that does not load did not, with the cause', async () => {
    const refused = Object.assign(new TypeError('fetch failed'), {
      cause: { code: 'ECONNREFUSED' },
    })
    const probe = await probePage('http://127.0.0.1:1/', async () => {
      throw refused
    })
    expect(probe).toEqual({ loaded: false, url: 'http://127.0.0.1:1/', error: 'ECONNREFUSED' })
  })

  it('reads a loaded page, at most PROBE_BYTES of it', async () => {
    const page = `<script src="http://127.0.0.1:4400/platform.js"></script>${'x'.repeat(600 * 1024)}<script src="/late/platform.js"></script>`
    const probe = await probePage('http://localhost:5173/', async () => new Response(page))
    expect(probe).toMatchObject({
      loaded: true,
      status: 200,
      scripts: ['http://127.0.0.1:4400/platform.js'],
    })
  })
})
