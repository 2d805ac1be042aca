import { invalid } from '../../events/errors.js'
import { record } from '../../events/validate.js'

/** `resize`: the widget's content height in CSS pixels. */
export function validateResize(value: unknown): { height: number } {
  const { height } = record(value, 'resize', ['height'])
  if (typeof height !== 'number' || !Number.isFinite(height) || height < 0) {
    throw invalid('height', 'expected a non-negative number')
  }
  return { height }
}
