export declare const REFERENCE: RegExp
export declare function hitsIn(text: string): { line: number; text: string }[]
