export function linkTargets(markdown: string): string[]
export function relativeTarget(
  target: string,
): { path: string; anchor: string | undefined } | undefined
