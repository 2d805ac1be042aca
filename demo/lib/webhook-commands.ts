// The dev command's webhook subcommands: `trigger`, `resend` and `deliveries`. Each is a client
// of a running emulator's control API (/control/v1/webhooks/…) over HTTP, so it works against
// `platform-widget-dev dev` in another terminal, or against a sandbox's URL.

import { WEBHOOK_EVENT_TYPES, type WebhookDelivery } from '../shared/webhook-types.js'
import { lastValues, readArgs } from './args.js'
import { ConfigError } from './config-error.js'
import { PLATFORM_OPTIONS, platformUrl } from './platform-url.js'

export type WebhookCommandName = 'trigger' | 'resend' | 'deliveries'

const EMULATOR_OPTION = PLATFORM_OPTIONS

export const WEBHOOK_USAGE: Record<WebhookCommandName, string> = {
  trigger: `Usage: platform-widget-dev trigger <event> --app KEY [--data JSON] [--emulator URL | --port N]

Sends a sample <event> to the widget's webhook URL, signed with its secret, through the running
emulator, as the platform would; prints what was sent and the receiver's answer. A failed
delivery is retried after 5 s, 30 s, 2 min, 5 min and 15 min.

  <event>          one of ${WEBHOOK_EVENT_TYPES.join(', ')}
  --app KEY        the widget's app_key
  --data JSON      fields merged over the sample's data, such as '{"user_id":"dr-2"}'
${EMULATOR_OPTION}

Exit status: 0 delivered (2xx), 1 not delivered or an error, 2 a bad option.`,
  resend: `Usage: platform-widget-dev resend <delivery-id> [--emulator URL | --port N]

Sends a logged delivery again: the same event and webhook-id (receivers de-duplicate on it), a
fresh timestamp and signature. Prints what was sent and the receiver's answer.

${EMULATOR_OPTION}

Exit status: 0 delivered (2xx), 1 not delivered or an error, 2 a bad option.`,
  deliveries: `Usage: platform-widget-dev deliveries [<delivery-id>] [--app KEY] [--emulator URL | --port N]

Lists the emulator's webhook deliveries, newest first (it keeps the last 500), or shows one in
full: the body and headers sent and every attempt's answer.

  --app KEY        only this widget's
${EMULATOR_OPTION}

Exit status: 0 listed or shown (whatever the deliveries' status), 1 an error (no emulator, an
unknown widget or delivery), 2 a bad option.`,
}

export interface WebhookCommand {
  name: WebhookCommandName
  /** The event type (`trigger`) or the delivery id (`resend`, `deliveries`). */
  subject?: string
  app?: string
  data?: Record<string, unknown>
  /** The emulator's base URL, without a trailing slash. */
  emulator: string
  /** What said where it is (`--emulator`, `platform.config.json's ports`, …). */
  from?: string
  help: boolean
}

const WHERE = ['emulator', 'port', 'emulator-port', 'config']
const OPTIONS: Record<WebhookCommandName, string[]> = {
  trigger: ['app', 'data', ...WHERE],
  resend: [...WHERE],
  deliveries: ['app', ...WHERE],
}

/**
 * Reads a webhook subcommand's arguments. Throws a {@link ConfigError} (exit 2) for an unknown
 * option, a missing value or argument, bad JSON or a bad URL.
 *
 * @example
 * parseWebhookCommand('trigger', ['payment.succeeded', '--app', 'my-widget'], process.env)
 */
export function parseWebhookCommand(
  name: WebhookCommandName,
  argv: string[],
  env: Record<string, string | undefined>,
  cwd = process.cwd(),
): WebhookCommand {
  const usage = WEBHOOK_USAGE[name]
  const read = readArgs(argv, {
    valued: OPTIONS[name],
    positional: true,
    prefix: `${name}: `,
    usage,
  })
  const values = lastValues(read)
  const { positional } = read
  const help = read.switches.has('help')
  let found: { url: string; from: string }
  try {
    found = platformUrl(values, env, cwd)
  } catch (error) {
    if (error instanceof ConfigError) throw new ConfigError(`${name}: ${error.message}`)
    throw error
  }
  const command: WebhookCommand = { name, emulator: found.url, from: found.from, help }
  if (help) return command
  if (positional.length > 1) {
    throw new ConfigError(`${name}: unexpected argument "${positional[1]}"\n\n${usage}`)
  }
  command.subject = positional[0]
  if (values.app !== undefined) command.app = values.app
  if (name === 'trigger') {
    if (!command.subject) throw new ConfigError(`trigger: which event? ${usage.split('\n')[0]}`)
    if (!command.app) throw new ConfigError('trigger: --app KEY is needed: the widget to send to')
    if (values.data !== undefined) command.data = dataOption(values.data)
  }
  if (name === 'resend' && !command.subject) {
    throw new ConfigError(`resend: which delivery? ${usage.split('\n')[0]}`)
  }
  return command
}

function dataOption(text: string): Record<string, unknown> {
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch (error) {
    throw new ConfigError(`trigger: --data is not JSON (${(error as Error).message})`)
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw new ConfigError('trigger: --data must be a JSON object, such as \'{"user_id":"dr-2"}\'')
  }
  return data as Record<string, unknown>
}

/** A failure to report in one line (exit 1). */
export class CommandError extends Error {}

export interface CommandIo {
  fetch?: typeof fetch
  out(line: string): void
  err(line: string): void
}

/** Calls the control API; answers the parsed body of a 2xx, throws a {@link CommandError} otherwise. */
async function control(
  command: WebhookCommand,
  io: CommandIo,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
) {
  const url = `${command.emulator}/control/v1${path}`
  let res: Response
  try {
    res = await (io.fetch ?? fetch)(url, {
      method,
      ...(body === undefined
        ? {}
        : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
      // The emulator answers a trigger after the first attempt, at most 10 s.
      signal: AbortSignal.timeout(30_000),
    })
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause
    const why = cause?.code ?? cause?.message ?? (error as Error).message
    throw new CommandError(
      `No emulator answers at ${command.emulator}${command.from ? ` (from ${command.from})` : ''} (${why}): start one with \`platform-widget-dev dev\` (\`npm run dev\` in a widget project), or say where it runs with --port, --emulator or PLATFORM_URL`,
    )
  }
  const text = await res.text()
  let json: { error?: string; message?: string } | undefined
  try {
    json = JSON.parse(text)
  } catch {
    json = undefined
  }
  if (res.ok && json) return json as unknown
  if (json?.error && json.message && json.error !== 'NOT_FOUND') {
    throw new CommandError(`${command.name}: ${json.message} (${json.error}, HTTP ${res.status})`)
  }
  throw new CommandError(
    `${command.emulator} does not answer ${method} /control/v1${path} (HTTP ${res.status}): is it a platform-widget-dev emulator of this version?`,
  )
}

// C0 and C1 control characters but \t and \n, and DEL: what the receiver (or an emulator at
// --emulator) answers is printed to a terminal, where ESC and CSI sequences would act.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching them is the point
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g

/** Text from the network made safe to print: control characters (but \t and \n) taken out. */
export function printable(text: string): string {
  return text.replace(CONTROL, '')
}

/** The delivery as a person reads it: what was sent, the answer, and what happens next. */
export function describeDelivery(delivery: WebhookDelivery): string[] {
  return deliveryLines(delivery).map(printable)
}

function deliveryLines(delivery: WebhookDelivery): string[] {
  const lines = [`${delivery.type} for ${delivery.app_key}: ${delivery.id}`]
  const last = delivery.history.at(-1)
  if (delivery.url === null || delivery.status === 'skipped') {
    return [...lines, `Not sent: ${delivery.error ?? 'no webhook URL'}`, '', delivery.body]
  }
  lines.push('', `POST ${delivery.url}`)
  for (const [name, value] of Object.entries(delivery.headers ?? {}))
    lines.push(`${name}: ${value}`)
  lines.push('', delivery.body, '')
  if (!last) {
    lines.push('No answer yet: the attempt is under way.')
  } else if (last.response_status !== undefined) {
    lines.push(`Answer: HTTP ${last.response_status} in ${last.duration_ms} ms`)
    if (last.response_body) {
      lines.push(last.response_body + (last.response_truncated ? ' …(cut at 2 KiB)' : ''))
    }
  } else {
    lines.push(`No answer: ${last.error ?? 'unknown error'}`)
  }
  if (delivery.history.length > 1) {
    lines.push('', `Attempts (${delivery.attempts}):`)
    for (const a of delivery.history) {
      const answer = a.response_status ? `HTTP ${a.response_status}` : (a.error ?? '')
      lines.push(`  ${a.sent_at}  ${answer}${a.series > 1 ? `  (resend ${a.series - 1})` : ''}`)
    }
  }
  lines.push('', statusLine(delivery))
  return lines
}

function statusLine(delivery: WebhookDelivery): string {
  switch (delivery.status) {
    case 'delivered':
      return `Delivered (attempt ${delivery.attempts}).`
    case 'pending':
      return delivery.next_attempt_at
        ? `Not delivered yet: ${delivery.error}. The emulator tries again at ${delivery.next_attempt_at}; \`platform-widget-dev resend ${delivery.id}\` sends it now.`
        : 'Sending…'
    default:
      return `Not delivered: ${delivery.error}. \`platform-widget-dev resend ${delivery.id}\` sends it again.`
  }
}

function listLine(d: WebhookDelivery): string {
  const answer = d.response_status === undefined ? (d.error ?? '') : `HTTP ${d.response_status}`
  const attempts = `${d.attempts} attempt${d.attempts === 1 ? '' : 's'}`
  return printable(
    `${d.event.created_at}  ${d.id}  ${d.app_key}  ${d.type}  ${d.status}  ${attempts}  ${answer}`,
  )
}

/**
 * Runs `trigger`, `resend` or `deliveries` with these arguments; answers the exit status (0, 1
 * or 2) and writes to `io`, never throws.
 */
export async function runWebhookCommand(
  name: WebhookCommandName,
  argv: string[],
  env: Record<string, string | undefined>,
  io: CommandIo,
): Promise<number> {
  let command: WebhookCommand
  try {
    command = parseWebhookCommand(name, argv, env)
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error
    io.err(error.message)
    return 2
  }
  if (command.help) {
    io.out(WEBHOOK_USAGE[name])
    return 0
  }
  try {
    if (name === 'deliveries' && !command.subject) {
      const query = command.app ? `?app_key=${encodeURIComponent(command.app)}` : ''
      const { deliveries } = (await control(
        command,
        io,
        'GET',
        `/webhooks/deliveries${query}`,
      )) as {
        deliveries: WebhookDelivery[]
      }
      if (!deliveries.length) io.out('No webhook deliveries yet.')
      for (const delivery of deliveries) io.out(listLine(delivery))
      return 0
    }
    const id = encodeURIComponent(command.subject ?? '')
    const delivery = (await (name === 'trigger'
      ? control(command, io, 'POST', '/webhooks/trigger', {
          type: command.subject,
          app_key: command.app,
          ...(command.data ? { data: command.data } : {}),
        })
      : name === 'resend'
        ? control(command, io, 'POST', `/webhooks/deliveries/${id}/resend`)
        : control(command, io, 'GET', `/webhooks/deliveries/${id}`))) as WebhookDelivery
    io.out(describeDelivery(delivery).join('\n'))
    return name === 'deliveries' || delivery.status === 'delivered' ? 0 : 1
  } catch (error) {
    if (!(error instanceof CommandError)) throw error
    io.err(printable(error.message))
    return 1
  }
}
