// The internal API's types are generated, never hand-kept: the committed
// demo/shared/internal-api.ts must be exactly what openapi-typescript generates from the
// hand-kept demo/emulator/internal-openapi.json (the emulator and the dev panel's client are held
// to the same document in demo/emulator/contract-internal.test.ts).
import { readFileSync } from 'node:fs'
import { expect, it } from 'vitest'
import {
  committedInternalDocument,
  generateInternalTypes,
  INTERNAL_TYPES_PATH,
} from '../../scripts/internal-types.js'

// A generation takes about a second alone and over 5 s on a loaded machine.
const GENERATES = 30_000

it(
  'demo/shared/internal-api.ts is what openapi-typescript generates from the document',
  async () => {
    const committed = readFileSync(INTERNAL_TYPES_PATH, 'utf8')
    const generated = await generateInternalTypes(committedInternalDocument())
    expect(
      committed === generated,
      'stale: run `npm run gen:platform-types` (scripts/internal-types.ts)',
    ).toBe(true)
    expect(generated).toContain('"/internal/users/{user_id}/sms"')
  },
  GENERATES,
)
