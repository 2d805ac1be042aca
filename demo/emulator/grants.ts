// Renewal grants: what lets a widget's top-level page get its next session tokens without
// leaving the page, after one sign-in in its tab (the panel's /signin, then /signin/renew).
//
// A grant is an opaque secret, bound to the user, the widget (`app_key`), the widget's registered
// origin and the scopes of that sign-in. The emulator keeps only its SHA-256. It rotates: each
// use answers a new one and retires the old; a retired grant used again means two holders (a
// copy leaked, or a replay), so the whole family (every grant descended from that sign-in) is
// revoked, as OAuth's refresh-token rotation does (RFC 9700, 4.14.2). A use from another origin
// revokes the family too. A family ends `GRANT_LIFETIME_MS` after its sign-in, however often it
// is used (it stands for the user's sign-in, which a real platform ends at sign-out; here the
// panel's user is signed in for good, so the bound is the lifetime alone), and on revocation.

import { createHash, randomBytes } from 'node:crypto'
import type { ScopeName } from 'platform-widget-sdk/events'

/** How long the renewals of one sign-in last: a working day (8 h), not extended by use. */
export const GRANT_LIFETIME_MS = 8 * 60 * 60 * 1000
/** Families kept at most (the oldest dropped first): the emulator's memory stays bounded. */
export const MAX_GRANT_FAMILIES = 1000
/** Retired grants remembered per family, to tell a replay from an unknown grant. */
const MAX_RETIRED = 1000

export interface GrantSubject {
  user_id: string
  app_key: string
  /** The widget's registered origin: the only one that may use the grant. */
  origin: string
  scopes: ScopeName[]
}

interface Family extends GrantSubject {
  expires_at: number
  /** The hash of the one live grant. */
  current: string
  /** Hashes of the grants it replaced, oldest first. */
  retired: string[]
}

export type GrantRefusal =
  | 'unknown'
  | 'replayed'
  | 'expired'
  | 'revoked'
  | 'origin'
  | 'app'
  | 'scope'

export type GrantUse =
  | { ok: true; subject: GrantSubject; grant: string; expires_in: number }
  | { ok: false; reason: GrantRefusal }

export interface GrantStore {
  /** A new family's first grant. */
  issue(subject: GrantSubject, now: number): { grant: string; expires_in: number }
  /**
   * Uses `grant` from `origin` for `app_key` and `scopes` (a subset of its own): on success it
   * is retired and a new one answered. `allowed` is asked last, before rotation (is consent
   * still given?); false revokes the family.
   */
  use(
    grant: string,
    request: { origin: string; app_key: string; scopes: ScopeName[] },
    now: number,
    allowed?: (subject: GrantSubject) => boolean,
  ): GrantUse
  /** Revokes every family of `user_id` (of `app_key` only, when given); answers how many. */
  revoke(filter: { user_id: string; app_key?: string }): number
  /** Live families (tests). */
  readonly size: number
}

const hash = (grant: string) => createHash('sha256').update(grant).digest('base64url')
const fresh = () => `prg_${randomBytes(32).toString('base64url')}`

/** Why a family's grant `h` is refused for good (the family is dropped), in this order, if it is. */
function refusal(
  family: Family,
  h: string,
  request: { origin: string; app_key: string },
  now: number,
): 'expired' | 'replayed' | 'origin' | 'app' | undefined {
  if (family.expires_at <= now) return 'expired'
  if (h !== family.current) return 'replayed'
  if (request.origin !== family.origin) return 'origin'
  if (request.app_key !== family.app_key) return 'app'
  return undefined
}

export function createGrantStore(): GrantStore {
  const families = new Map<string, Family>()
  /** Every hash the store knows (live and retired), to its family's id. */
  const owners = new Map<string, string>()
  let ids = 0

  const drop = (id: string) => {
    const family = families.get(id)
    if (!family) return
    families.delete(id)
    owners.delete(family.current)
    for (const h of family.retired) owners.delete(h)
  }
  const seconds = (family: Family, now: number) =>
    Math.max(0, Math.floor((family.expires_at - now) / 1000))

  return {
    issue(subject, now) {
      for (const [id, family] of families) if (family.expires_at <= now) drop(id)
      while (families.size >= MAX_GRANT_FAMILIES) drop(families.keys().next().value as string)
      const grant = fresh()
      const id = `f${++ids}`
      const family: Family = {
        ...subject,
        scopes: [...subject.scopes],
        expires_at: now + GRANT_LIFETIME_MS,
        current: hash(grant),
        retired: [],
      }
      families.set(id, family)
      owners.set(family.current, id)
      return { grant, expires_in: seconds(family, now) }
    },
    use(grant, request, now, allowed) {
      const h = hash(typeof grant === 'string' ? grant : '')
      const id = owners.get(h)
      const family = id === undefined ? undefined : families.get(id)
      if (!id || !family) return { ok: false, reason: 'unknown' }
      const refused = refusal(family, h, request, now)
      if (refused) {
        drop(id)
        return { ok: false, reason: refused }
      }
      // More than the sign-in gave needs the user again; the grant stays good for what it has.
      if (!request.scopes.every((s) => family.scopes.includes(s))) {
        return { ok: false, reason: 'scope' }
      }
      const subject: GrantSubject = {
        user_id: family.user_id,
        app_key: family.app_key,
        origin: family.origin,
        scopes: [...request.scopes],
      }
      if (allowed && !allowed(subject)) {
        drop(id)
        return { ok: false, reason: 'revoked' }
      }
      const next = fresh()
      family.retired.push(h)
      if (family.retired.length > MAX_RETIRED) owners.delete(family.retired.shift()!)
      family.current = hash(next)
      owners.set(family.current, id)
      return { ok: true, subject, grant: next, expires_in: seconds(family, now) }
    },
    revoke({ user_id, app_key }) {
      let count = 0
      for (const [id, family] of families) {
        if (family.user_id === user_id && (app_key === undefined || family.app_key === app_key)) {
          drop(id)
          count++
        }
      }
      return count
    },
    get size() {
      return families.size
    },
  }
}
