// The developer keys and webhook secrets of this installation. Nothing secret ships in the
// package: the sample widgets' keys and secrets, and those of your widgets registered without
// their own, are random (crypto), made on the first start, and kept in a local file so they stay
// the same across restarts:
//
//   .platform-dev/secrets.json   beside the config file (--config), else in the working directory
//
// The file is the user's alone (mode 0600, its folder 0700), and its folder holds a `.gitignore`
// of `*`, so it is never committed wherever it is. `--rotate-secrets` (or deleting the file)
// makes new ones.

import { randomBytes } from 'node:crypto'
import {
  chmodSync,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import path from 'node:path'
import { isWebhookSecret } from 'platform-widget-sdk/events'

export interface AppSecrets {
  /** Sent by the widget's backend as `x-api-key`. */
  developer_key: string
  /** `whsec_` and the base64 of 32 random bytes: signs the widget's webhooks. */
  webhook_secret: string
}

export interface SecretStore {
  /** Where they are kept; undefined for a store in memory (tests). */
  readonly file: string | undefined
  /** The app's secrets: the ones kept, or new random ones, kept from now on. */
  get(app_key: string): AppSecrets
}

/** The folder, under the config file's folder or the working directory. */
export const SECRETS_DIR = '.platform-dev'
export const SECRETS_NAME = 'secrets.json'

export class SecretsError extends Error {}

/** New random secrets: 24 bytes for the developer key, 32 for the webhook secret. */
export function newAppSecrets(): AppSecrets {
  return {
    developer_key: `dk_${randomBytes(24).toString('base64url')}`,
    webhook_secret: `whsec_${randomBytes(32).toString('base64')}`,
  }
}

/** The secrets file: beside the config file when there is one, else in `cwd`. */
export function secretsPath(configFile: string | undefined, cwd = process.cwd()): string {
  const dir = configFile ? path.dirname(path.resolve(cwd, configFile)) : cwd
  return path.join(dir, SECRETS_DIR, SECRETS_NAME)
}

/** A store that keeps nothing on disk: new random secrets per store (tests, own demos). */
export function memorySecretStore(): SecretStore {
  const apps = new Map<string, AppSecrets>()
  return {
    file: undefined,
    get(app_key) {
      const found = apps.get(app_key) ?? newAppSecrets()
      apps.set(app_key, found)
      return { ...found }
    },
  }
}

function isAppSecrets(value: unknown): value is AppSecrets {
  const v = value as Partial<AppSecrets> | null
  return (
    !!v &&
    typeof v === 'object' &&
    typeof v.developer_key === 'string' &&
    v.developer_key.length >= 16 &&
    isWebhookSecret(v.webhook_secret)
  )
}

function read(file: string): Record<string, AppSecrets> {
  let parsed: unknown
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'))
  } catch (error) {
    throw new SecretsError(
      `${file} is not valid JSON (${(error as Error).message}). Delete it (or start with --rotate-secrets) to make new secrets.`,
    )
  }
  const apps = (parsed as { apps?: unknown } | null)?.apps
  if (!apps || typeof apps !== 'object' || Array.isArray(apps)) {
    throw new SecretsError(
      `${file} has no "apps" object. Delete it (or start with --rotate-secrets) to make new secrets.`,
    )
  }
  const out: Record<string, AppSecrets> = Object.create(null)
  for (const [key, value] of Object.entries(apps)) {
    if (!isAppSecrets(value)) {
      throw new SecretsError(
        `${file}: the secrets of "${key}" are malformed. Delete the file (or start with --rotate-secrets) to make new ones.`,
      )
    }
    out[key] = { developer_key: value.developer_key, webhook_secret: value.webhook_secret }
  }
  return out
}

function write(file: string, apps: Record<string, AppSecrets>): void {
  const dir = path.dirname(file)
  mkdirSync(dir, { recursive: true, mode: 0o700 })
  const ignore = path.join(dir, '.gitignore')
  if (!existsSync(ignore))
    writeFileSync(ignore, '# secrets of this installation: never commit\n*\n')
  const body = {
    $comment:
      'Developer keys and webhook secrets of this installation of the dev command, made at random on first use. Keep them private; delete this file or start with --rotate-secrets to make new ones.',
    apps,
  }
  // Written beside, then renamed: a reader never sees half a file. 0600 from the first byte.
  const tmp = `${file}.${process.pid}.tmp`
  writeFileSync(tmp, `${JSON.stringify(body, null, 2)}\n`, { mode: 0o600 })
  chmodSync(tmp, 0o600)
  renameSync(tmp, file)
}

/**
 * The store kept in `file`. `rotate`: forget the kept secrets, so every app gets new ones (the
 * file is rewritten at once). A file of others' reading (group or world bits) is narrowed to 0600.
 */
export function openSecretStore(file: string, { rotate = false } = {}): SecretStore {
  let apps: Record<string, AppSecrets> = Object.create(null)
  if (rotate) {
    write(file, apps)
  } else if (existsSync(file)) {
    apps = read(file)
    if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600)
  }
  return {
    file,
    get(app_key) {
      let found = apps[app_key]
      if (!found) {
        found = newAppSecrets()
        apps[app_key] = found
        write(file, apps)
      }
      return { ...found }
    },
  }
}
