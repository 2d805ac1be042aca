// Every check run on each load of a widget, in the order the report lists them.
import type { Check } from '../observation.js'
import { axe } from './axe.js'
import { connectSrc } from './connect-src.js'
import { consoleLines } from './console.js'
import { earlyCalls } from './early-calls.js'
import { fold } from './fold.js'
import { framing } from './framing.js'
import { height } from './height.js'
import { initialize } from './initialize.js'
import { overflow } from './overflow.js'
import { reachability } from './reachability.js'
import { rejections } from './rejections.js'
import { rtl } from './rtl.js'
import { scopes } from './scopes.js'
import { sdkScript } from './sdk-script.js'
import { shown } from './shown.js'
import { tokenUrl } from './token-url.js'

export const CHECKS: readonly Check[] = [
  shown,
  reachability,
  framing,
  sdkScript,
  initialize,
  rejections,
  earlyCalls,
  scopes,
  height,
  fold,
  overflow,
  rtl,
  connectSrc,
  tokenUrl,
  consoleLines,
  axe,
]

export { askedScopes, unaskedScopes } from './scopes.js'
