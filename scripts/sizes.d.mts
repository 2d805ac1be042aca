export declare const MAX_FUNCTION_LINES: number
export declare const KNOWN_LONG: string[]
export interface Measured {
  file: string
  line: number
  name: string
  length: number
  explained: boolean
}
export declare function functionsIn(
  file: string,
  text: string,
  options?: { tests?: boolean },
): { functions: Measured[]; used: number[] }
export declare function longFailures(functions: Measured[], known: string[]): string[]
