// The pieces every check of a dev config's values is made of: its error, reading a value as an
// object, a list or a text, and failing with the value's path.

/** A text in both of the panel's languages, or one text for both. */
export type DevConfigText = string | { fa: string; en: string }

/** A value a dev config may not have; `path` reads like `apps[0].scopes[2]`. */
export class DevConfigValueError extends Error {
  constructor(
    readonly path: string,
    readonly problem: string,
  ) {
    super(`${path}: ${problem}`)
  }
}

export const fail = (path: string, problem: string): never => {
  throw new DevConfigValueError(path, problem)
}
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
/** Anything that is not an object reads as `{}`: its fields are then reported missing. */
export const fields = (value: unknown) => (isRecord(value) ? value : {})

const TEXT = 'expected a text or { "fa": ..., "en": ... }'

/** A text in both languages or one, at `path`. */
export function text(value: unknown, path: string): DevConfigText {
  if (typeof value === 'string' && value) return value
  if (isRecord(value) && typeof value.fa === 'string' && typeof value.en === 'string') {
    return { fa: value.fa, en: value.en }
  }
  return fail(path, TEXT)
}

/** `value` as an array, or a failure at `path` saying `problem`. */
export function list(value: unknown, path: string, problem = 'expected an array'): unknown[] {
  return Array.isArray(value) ? value : fail(path, problem)
}
