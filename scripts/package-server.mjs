// The SDK and the server kit as their users get them, each from its own tarball in an empty
// project (no dev dependency, no source tree; scripts/packages.mjs):
// - the SDK alone installs nothing else (its packed `dependencies` is empty: penpal and
//   nanoevents are bundled), and its contract runs in Node;
// - the server kit installs its own dependencies and none of the dev command's (hono, zod, jose),
//   verifies a webhook signed with the Standard Webhooks scheme, refuses a forged one with the
//   SDK's own PlatformError class, and refuses a client with no host.
// Run by `npm run test:package` (after build).
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { installedPackages, installInto, PACKAGES, pack } from './packages.mjs'

const failures = []
const check = (ok, what) => {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`)
  if (!ok) failures.push(what)
}

const dir = mkdtempSync(path.join(tmpdir(), 'pws-server-'))
try {
  const sdk = pack(PACKAGES.sdk, dir).tarball
  const server = pack(PACKAGES.server, dir).tarball

  const alone = installInto(path.join(dir, 'sdk-alone'), [sdk])
  const withSdk = installedPackages(alone)
  check(
    withSdk.length === 1 && withSdk[0] === 'platform-widget-sdk',
    `the SDK installs nothing else (node_modules: ${withSdk.join(', ')})`,
  )
  const contract = execFileSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `import { ErrorCode, PlatformError } from 'platform-widget-sdk/events'
       const e = new PlatformError(ErrorCode.TIMEOUT, 'x')
       console.log(JSON.stringify({ code: e.code, error: e instanceof Error }))`,
    ],
    { cwd: alone, encoding: 'utf8' },
  )
  check(
    contract.trim() === '{"code":"TIMEOUT","error":true}',
    `the SDK's contract runs in Node (${contract.trim()})`,
  )

  const project = installInto(path.join(dir, 'backend'), [server, sdk])
  const installed = installedPackages(project)
  for (const name of [
    'platform-widget-server',
    'platform-widget-sdk',
    'openapi-fetch',
    'standardwebhooks',
  ]) {
    check(installed.includes(name), `the server kit brings ${name}`)
  }
  const stray = installed.filter((name) =>
    /^(hono|@hono\/.*|zod|jose|typescript|vite|tsx|penpal|nanoevents|platform-widget-dev)$/.test(
      name,
    ),
  )
  check(stray.length === 0, `the server kit brings none of the dev command's libraries (${stray})`)

  writeFileSync(
    path.join(project, 'backend.mjs'),
    `import { Webhook } from 'standardwebhooks'
import { ErrorCode, PlatformError } from 'platform-widget-sdk/events'
import * as kit from 'platform-widget-server'

const secret = 'whsec_' + Buffer.from('a test secret, 32 bytes or so....').toString('base64')
const body = JSON.stringify({ type: 'payment.succeeded', id: 'evt_1' })
const now = new Date()
const headers = {
  'webhook-id': 'evt_1',
  'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
  'webhook-signature': new Webhook(secret).sign('evt_1', now, body),
}
const out = { verified: kit.verifyWebhook(body, headers, secret) }
try {
  kit.verifyWebhook(body.replace('evt_1', 'evt_2'), headers, secret)
} catch (error) {
  out.forged = { sdkClass: error instanceof PlatformError, code: error.code }
}
try {
  kit.createPlatformClient({ accessToken: 't' })
} catch (error) {
  out.noHost = error.code
}
// The test signer, from the tarball: what it signs, verifyWebhook accepts.
const signed = kit.signWebhook({
  secret,
  event: { type: 'installation.created', id: 'evt_3', created_at: now.toISOString(), app_key: 'w', data: { user_ids: ['dr-1'] } },
})
out.signed = kit.verifyWebhook(signed.body, signed.headers, secret).id
out.sameClass = kit.PlatformError === PlatformError && kit.ErrorCode === ErrorCode
out.client = typeof kit.createPlatformClient({ emulator: 'http://127.0.0.1:4402' }).GET
out.control = typeof kit.createEmulatorControl({ baseUrl: 'http://127.0.0.1:4402' }).createSandbox
console.log(JSON.stringify(out))
`,
  )
  const out = JSON.parse(
    // Without PLATFORM_URL: the check that a client with no URL throws holds in a shell where a
    // developer exported it from the dev command's banner.
    execFileSync(process.execPath, ['backend.mjs'], {
      cwd: project,
      encoding: 'utf8',
      env: { ...process.env, PLATFORM_URL: '' },
    }),
  )
  check(
    out.verified?.id === 'evt_1' && out.verified?.type === 'payment.succeeded',
    'verifyWebhook answers the payload of a signed delivery',
  )
  check(
    out.forged?.sdkClass === true && out.forged?.code === 'INVALID_WEBHOOK_SIGNATURE',
    `a forged body throws the SDK's PlatformError INVALID_WEBHOOK_SIGNATURE (${JSON.stringify(out.forged)})`,
  )
  check(
    out.noHost === 'INVALID_ARGUMENT',
    `a client with no host throws INVALID_ARGUMENT (${out.noHost})`,
  )
  check(out.signed === 'evt_3', `signWebhook signs what verifyWebhook accepts (${out.signed})`)
  check(out.sameClass === true, 'the kit re-exports the contract, not a copy of it')
  check(out.client === 'function', 'createPlatformClient answers a client')
  check(out.control === 'function', 'createEmulatorControl answers a control client')
} finally {
  rmSync(dir, { recursive: true, force: true })
}
if (failures.length) {
  console.error(`package-server: ${failures.length} check(s) failed`)
  process.exit(1)
}
