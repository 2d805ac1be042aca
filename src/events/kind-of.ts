/** How a value is named in an error: `null`, `an array`, `a string`, `NaN`. */
export function kindOf(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'an array'
  if (typeof value === 'number' && !Number.isFinite(value)) return String(value)
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`
}
