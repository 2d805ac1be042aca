// @vitest-environment node
// The client's types are generated, never hand-kept: the committed server/src/platform-api.ts
// must be exactly what scripts/platform-types.ts generates from the emulator's /openapi.json now.
import { readFileSync } from 'node:fs'
import { expect, it } from 'vitest'
import { generatePlatformTypes, PLATFORM_TYPES_PATH } from '../scripts/platform-types.js'

it('server/src/platform-api.ts is what `npm run gen:platform-types` generates', async () => {
  const committed = readFileSync(PLATFORM_TYPES_PATH, 'utf8')
  const generated = await generatePlatformTypes()
  expect(committed === generated, 'stale: run `npm run gen:platform-types`').toBe(true)
  expect(generated).toContain('"/v1/rx/services/search"')
})
