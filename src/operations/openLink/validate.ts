import { invalid } from '../../events/errors.js'
import { isLinkUrl, kindOf, LINK_RULE, MAX_URL_LENGTH, record } from '../../events/validate.js'
import type { OpenLinkRequest } from './types.js'

/** `openLink({ url })`: the URL, normalized by the URL parser (see `isLinkUrl`). */
export function validateOpenLink(value: unknown): OpenLinkRequest {
  const { url } = record(value, 'openLink', ['url'])
  if (typeof url !== 'string') throw invalid('url', `expected a string, got ${kindOf(url)}`)
  if (url.length > MAX_URL_LENGTH) throw invalid('url', `longer than ${MAX_URL_LENGTH}`)
  if (!isLinkUrl(url)) throw invalid('url', `${LINK_RULE}, spaces or controls`)
  return { url: new URL(url).href }
}
